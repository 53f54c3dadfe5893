import Directory
import DirectorySCIM
import TestSupport
import XCTest

/// A real scim2-server with 400 people whose enterprise managers make an
/// organisation six levels deep (user N reports to user (N-1)/4), and
/// three changed after loading: user0398 and user0399 each other's
/// manager, user0397's manager an id nobody has. A manager's reports are
/// the people the server names for them, searched, filtered and sorted
/// like everyone; one person is found by identity or username.
final class SCIMReportsTests: XCTestCase {
  static let count = 400
  static let missing = "no-such-person"
  nonisolated(unsafe) private static var shared: (TestSCIMServer, [String: String])?

  private var server: TestSCIMServer!
  private var ids: [String: String] = [:]

  override func setUp() async throws {
    if Self.shared == nil {
      let server = try await TestSCIMServer(people: TestSCIMServer.people(Self.count))
      let ids = try await server.userIDs()
      try await server.setManager(of: ids["user0398"]!, to: ids["user0399"]!)
      try await server.setManager(of: ids["user0399"]!, to: ids["user0398"]!)
      try await server.setManager(of: ids["user0397"]!, to: Self.missing)
      Self.shared = (server, ids)
    }
    (server, ids) = Self.shared!
  }

  override class func tearDown() {
    shared?.0.kill()
    shared = nil
  }

  private func directory() throws -> SCIMDirectory {
    try SCIMDirectory(url: server.url, token: Secret(TestSCIMServer.token))
  }

  private static func name(_ index: Int) -> String { "user" + String(index + 10000).dropFirst() }

  private func id(_ index: Int) throws -> String { try XCTUnwrap(ids[Self.name(index)]) }

  /// Every entry of `directory`, by windows of 30.
  private static func entries(_ directory: any RangedDirectory) async throws -> [DirectoryEntry] {
    var entries: [DirectoryEntry] = []
    while true {
      let window = try await directory.rows(entries.count..<(entries.count + 30))
      entries += window.entries
      if entries.count >= window.count || window.entries.isEmpty {
        XCTAssertEqual(entries.count, window.count)
        return entries
      }
    }
  }

  /// The usernames the server itself names as reporting to `id`, sorted.
  private func serversReports(_ id: String) async throws -> [String] {
    let filter =
      "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager.value eq \"\(id)\""
    let encoded = try XCTUnwrap(filter.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    let page = try await server.json("/Users?filter=\(encoded)&count=1000&attributes=userName")
    let users = try XCTUnwrap(page["Resources"] as? [[String: Any]])
    return users.compactMap { $0["userName"] as? String }.sorted()
  }

  func testReportsAreThePeopleTheServerNamesForTheManager() async throws {
    let directory = try directory()
    // The top, the middle and a person nobody reports to.
    for (manager, expected) in [(0, 1...4), (5, 21...24), (84, 337...340)] {
      let reports = try await Self.entries(directory.reports(to: try id(manager)))
      XCTAssertEqual(reports.map(\.username), expected.map(Self.name))
      let served = try await serversReports(try id(manager))
      XCTAssertEqual(reports.map(\.username), served)
      XCTAssertTrue(reports.allSatisfy { $0.details.manager == self.ids[Self.name(manager)] })
    }
    let nobody = try await directory.reports(to: try id(300)).rows(0..<10)
    XCTAssertEqual(nobody.count, 0)
    XCTAssertEqual(nobody.entries, [])
  }

  func testReportsAreSearchedFilteredAndSortedLikeEveryone() async throws {
    let directory = try directory()
    let manager = try id(21)  // user0085 … user0088
    let filter = try PersonFilter(parsing: #"department ne "Design""#)
    let sort = PersonSort([.init(.title, descending: true)])
    let reports = try await Self.entries(
      directory.reports(to: manager).querying(filter: filter, sort: sort))
    let everyone = try await Self.entries(directory.querying(filter: filter, sort: sort))
    let expected = everyone.filter { $0.details.manager == manager }
    XCTAssertEqual(expected.map(\.username), ["user0087", "user0088", "user0086"])
    XCTAssertEqual(reports, expected)
    let searched = try await Self.entries(
      directory.reports(to: manager).querying(filter: filter, sort: sort).searching("0088"))
    XCTAssertEqual(searched.map(\.username), ["user0088"])
    let position = try await directory.reports(to: manager).position(ofFirstAtOrAfter: "user0087")
    XCTAssertEqual(position.entries.map(\.username), ["user0087"])
    XCTAssertEqual(position.offset, 2)
    XCTAssertEqual(position.count, 4, "user0085 … user0088")
  }

  func testManagersGoUpSixLevelsToTheTop() async throws {
    let directory = try directory()
    var person = try await directory.person(username: Self.name(341))
    var chain: [String] = []
    while let manager = person?.details.manager {
      person = try await directory.person(identity: manager)
      chain.append(try XCTUnwrap(person).username)
    }
    XCTAssertEqual(chain, [85, 21, 5, 1, 0].map(Self.name))
  }

  func testTwoPeopleCanBeEachOthersManager() async throws {
    let directory = try directory()
    let first = try await directory.person(identity: try id(398))
    let second = try await directory.person(identity: try id(399))
    XCTAssertEqual(first?.details.manager, try id(399))
    XCTAssertEqual(second?.details.manager, try id(398))
    let firstsReports = try await Self.entries(directory.reports(to: try id(398)))
    XCTAssertEqual(firstsReports.map(\.username), ["user0399"])
    let secondsReports = try await Self.entries(directory.reports(to: try id(399)))
    XCTAssertEqual(secondsReports.map(\.username), ["user0398"])
  }

  func testAManagerNobodyIsIsNoPerson() async throws {
    let directory = try directory()
    let dangling = try await directory.person(username: "user0397")
    XCTAssertEqual(dangling?.details.manager, Self.missing)
    let manager = try await directory.person(identity: Self.missing)
    XCTAssertNil(manager)
    let reports = try await Self.entries(directory.reports(to: Self.missing))
    XCTAssertEqual(reports.map(\.username), ["user0397"])
    let dots = try await directory.person(identity: "..")
    XCTAssertNil(dots)
  }

  func testAPersonIsFoundByUsernameOrIdentity() async throws {
    let directory = try directory()
    let byName = try await directory.person(username: "user0120")
    XCTAssertEqual(byName?.id, try id(120))
    XCTAssertEqual(byName?.details.email, "user0120@example.org")
    let byID = try await directory.person(identity: try id(120))
    XCTAssertEqual(byID, byName)
    let quoted = try await directory.person(username: #"user0120" or userName pr or ""#)
    XCTAssertNil(quoted)
  }
}
