import Directory
import DirectorySCIM
import TestSupport
import XCTest

/// A real scim2-server with 400 people and groups POSTed after them: groups
/// by name a window at a time, a group's people as the server lists them
/// (in the group's order: scim2-server does not fill a User's `groups`),
/// searched and filtered like everyone, groups inside groups, a person's
/// groups. One server serves the whole class.
final class SCIMGroupTests: XCTestCase {
  static let count = 400
  /// "Team 000"… loaded in a scrambled order, so the server's sort does the
  /// work; with the other groups below, in name order.
  static let teams = (0..<60).map { "Team " + String($0 + 1000).dropFirst() }
  static let quoted = #"Q"uote\d group"#
  /// 60 people in a scrambled order, more than one request's ids.
  static let engineering = (0..<60).map { name(($0 * 37 + 11) % count) }
  static let design = (0..<25).map { name(($0 * 13 + 5) % count) }
  static let platform = ["user0399", "user0001", "user0200"]
  nonisolated(unsafe) private static var shared: (TestSCIMServer, [String: String])?

  private var server: TestSCIMServer!
  private var groupIDs: [String: String] = [:]

  override func setUp() async throws {
    if Self.shared == nil {
      let server = try await TestSCIMServer(people: TestSCIMServer.people(Self.count))
      let teams = (0..<Self.teams.count).map { Self.teams[($0 * 7) % Self.teams.count] }
      let ids = try await server.load(
        groups: teams.map { TestSCIMServer.Group(name: $0, members: [Self.name(1)]) } + [
          TestSCIMServer.Group(name: Self.quoted, members: []),
          TestSCIMServer.Group(name: "Engineering", members: Self.engineering),
          TestSCIMServer.Group(name: "Design", members: Self.design),
          TestSCIMServer.Group(
            name: "Platform", members: Self.platform, subgroups: ["Engineering", "Design"]),
        ])
      Self.shared = (server, ids)
    }
    (server, groupIDs) = Self.shared!
  }

  override class func tearDown() {
    shared?.0.kill()
    shared = nil
  }

  private func directory() throws -> SCIMDirectory {
    try SCIMDirectory(url: server.url, token: Secret(TestSCIMServer.token))
  }

  private static func name(_ index: Int) -> String { "user" + String(index + 10000).dropFirst() }

  private func group(_ name: String) throws -> DirectoryGroupEntry {
    DirectoryGroupEntry(id: try XCTUnwrap(groupIDs[name]), name: name)
  }

  /// Every entry of `directory`, a window of 25 at a time, until the count
  /// is final and reached.
  private static func entries(_ directory: any RangedDirectory) async throws -> [DirectoryEntry] {
    var entries: [DirectoryEntry] = []
    while true {
      let window = try await directory.rows(entries.count..<(entries.count + 25))
      XCTAssertEqual(window.offset, entries.count)
      entries += window.entries
      if window.isCountFinal && entries.count >= window.count || window.entries.isEmpty {
        XCTAssertEqual(entries.count, window.count)
        return entries
      }
    }
  }

  /// The ids of the people the server lists in the group `id`, in its order.
  private func listedPeople(_ id: String) async throws -> [String] {
    let group = try await server.json("/Groups/\(id)?attributes=members")
    let members = try XCTUnwrap(group["members"] as? [[String: Any]])
    return members.filter { $0["type"] as? String != "Group" }.compactMap { $0["value"] as? String }
  }

  func testGroupsComeByNameAWindowAtATimeWithTheirCount() async throws {
    let directory = try directory()
    let names = (["Design", "Engineering", "Platform", Self.quoted] + Self.teams).sorted {
      $0.lowercased() < $1.lowercased()
    }
    let first = try await directory.groups(0..<10, matching: "")
    XCTAssertEqual(first.count, names.count)
    XCTAssertEqual(first.offset, 0)
    XCTAssertEqual(first.groups.map(\.name), Array(names[0..<10]))
    XCTAssertEqual(first.groups.map(\.id), names[0..<10].map { groupIDs[$0] })
    XCTAssertEqual(first.groups.map(\.memberCount), Array(repeating: nil, count: 10))
    let middle = try await directory.groups(30..<45, matching: "")
    XCTAssertEqual(middle.offset, 30)
    XCTAssertEqual(middle.groups.map(\.name), Array(names[30..<45]))
    let last = try await directory.groups((names.count - 2)..<(names.count + 5), matching: "")
    XCTAssertEqual(last.groups.map(\.name), Array(names.suffix(2)))
  }

  func testAWindowOfGroupsLargerThanAPageIsReadInSeveralPages() async throws {
    var options = SCIMOptions()
    options.pageSize = 7
    let directory = try SCIMDirectory(
      url: server.url, token: Secret(TestSCIMServer.token), options: options)
    let window = try await directory.groups(5..<25, matching: "Team")
    XCTAssertEqual(window.count, Self.teams.count)
    XCTAssertEqual(window.groups.map(\.name), Array(Self.teams[5..<25]))
    XCTAssertEqual(directory.statistics.requests, 1 + 3, "the configuration and three pages")
  }

  func testGroupsMatchingTextContainItQuotesAndAll() async throws {
    let directory = try directory()
    let teens = try await directory.groups(0..<20, matching: "team 01")
    XCTAssertEqual(teens.count, 10)
    XCTAssertEqual(teens.groups.map(\.name), Array(Self.teams[10..<20]))
    let quoted = try await directory.groups(0..<5, matching: #""uote\d"#)
    XCTAssertEqual(quoted.groups.map(\.name), [Self.quoted])
    let none = try await directory.groups(0..<5, matching: #"" or displayName pr or ""#)
    XCTAssertEqual(none, GroupRange(offset: 0, groups: [], count: 0))
  }

  func testAGroupIsFoundByNameElseByIdentity() async throws {
    let directory = try directory()
    let design = try group("Design")
    let byName = try await directory.group(named: "Design")
    XCTAssertEqual(byName, design)
    let byID = try await directory.group(named: design.id)
    XCTAssertEqual(byID, design)
    let quoted = try await directory.group(named: Self.quoted)
    XCTAssertEqual(quoted?.id, groupIDs[Self.quoted])
    let nobody = try await directory.group(named: "No such group")
    XCTAssertNil(nobody)
    let dots = try await directory.group(named: "..")
    XCTAssertNil(dots)
  }

  func testAGroupsPeopleAreThoseTheServerListsInItsOrder() async throws {
    let directory = try directory()
    let engineering = try group("Engineering")
    let listed = try await listedPeople(engineering.id)
    XCTAssertEqual(listed.count, Self.engineering.count)
    let members = directory.members(of: engineering)
    let entries = try await Self.entries(members)
    XCTAssertEqual(entries.map(\.id), listed)
    XCTAssertEqual(entries.map(\.username), Self.engineering)
    let across = try await members.rows(15..<45)
    XCTAssertEqual(across.entries.map(\.id), Array(listed[15..<45]), "three requests' worth")
    XCTAssertEqual(across.count, listed.count)
    XCTAssertEqual(entries[3].details.email, "\(Self.engineering[3])@example.org")
  }

  func testScim2ServerDoesNotFillGroupsSoMembersComeInTheGroupsOrder() async throws {
    let design = try group("Design")
    let filtered = try await server.json(
      "/Users?filter=groups.value%20eq%20%22\(design.id)%22&count=0")
    XCTAssertEqual(filtered["totalResults"] as? Int, 0, "scim2-server now fills groups")
    let members = try directory().members(of: design)
    _ = try await members.rows(0..<1)
    XCTAssertEqual(members.location, "127.0.0.1, in the group's order")
    let refusals = try await members.sortRefusals()
    XCTAssertEqual(Set(refusals.keys), Set(PersonField.allCases))
  }

  func testAGroupsPeopleAreSearchedAndFilteredLikeEveryone() async throws {
    let directory = try directory()
    let engineering = try group("Engineering")
    let members = directory.members(of: engineering)
    let order = Self.engineering
    let filter = try PersonFilter(parsing: #"department eq "Design" or title eq "Designer""#)
    let cases: [(any RangedDirectory, any RangedDirectory)] = [
      (members.searching("Person 01"), directory.searching("Person 01")),
      (members.querying(filter: filter, sort: nil), directory.querying(filter: filter, sort: nil)),
      (
        members.querying(filter: filter, sort: nil).searching("user02"),
        directory.querying(filter: filter, sort: nil).searching("user02")
      ),
    ]
    for (group, everyone) in cases {
      let selected = Set(try await Self.entries(everyone).map(\.username))
      let expected = order.filter(selected.contains)
      XCTAssertFalse(expected.isEmpty)
      XCTAssertLessThan(expected.count, order.count)
      let served = try await Self.entries(group)
      XCTAssertEqual(served.map(\.username), expected)
    }
  }

  func testRefreshFindsAMemberInTheGroupsOrder() async throws {
    let members = try directory().members(of: try group("Engineering"))
    let window = try await members.position(ofFirstAtOrAfter: Self.engineering[41])
    XCTAssertEqual(window.offset, 41)
    XCTAssertEqual(window.entries.map(\.username), [Self.engineering[41]])
  }

  func testGroupsInsideAGroupAreItsSubgroupsNotItsPeople() async throws {
    let directory = try directory()
    let platform = try group("Platform")
    let subgroups = try await directory.subgroups(of: platform)
    XCTAssertEqual(subgroups, [try group("Design"), try group("Engineering")])
    let people = try await Self.entries(directory.members(of: platform))
    XCTAssertEqual(people.map(\.username), Self.platform)
    let none = try await directory.subgroups(of: try group("Design"))
    XCTAssertEqual(none, [])
    let emptyGroup = try await Self.entries(directory.members(of: try group(Self.quoted)))
    XCTAssertEqual(emptyGroup, [])
  }

  func testAPersonsGroupsAreTheGroupsListingThem() async throws {
    let directory = try directory()
    // user0018 is the twelfth engineer and the second designer.
    let both = try await directory.person(username: "user0018")
    let bothGroups = try await directory.groups(of: try XCTUnwrap(both).id)
    XCTAssertEqual(bothGroups, [try group("Design"), try group("Engineering")])
    let first = try await directory.person(username: Self.name(1))
    let firstGroups = try await directory.groups(of: try XCTUnwrap(first).id)
    XCTAssertEqual(firstGroups.map(\.name), ["Platform"] + Self.teams)
    let nobody = try await directory.groups(of: "no-such-person")
    XCTAssertEqual(nobody, [])
  }
}
