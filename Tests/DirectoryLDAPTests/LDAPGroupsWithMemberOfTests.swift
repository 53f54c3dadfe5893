import Directory
import DirectoryLDAP
import LDAPDemo
import TestSupport
import XCTest

/// Groups on a slapd that keeps memberOf (the memberof overlay, groups
/// added while it runs): a group's people are everyone narrowed by
/// `(memberOf=<group>)`, so the server sorts, windows, searches and
/// filters them exactly as it does everyone.
final class LDAPGroupsWithMemberOfTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?

  override class func setUp() {
    super.setUp()
    server = OrgFixture.started(memberOf: true)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  private func checks() throws -> GroupChecks {
    let server = try XCTUnwrap(Self.server)
    return GroupChecks(server: server, directory: try OrgFixture.directory(server))
  }

  func testAGroupsPeopleAreThoseLdapsearchFindsByMemberOf() async throws {
    let checks = try checks()
    for name in ["Engineering", "Sales, EMEA"] {
      try await checks.membersAreTheGroupsPeople(name)
      let group = try await checks.group(name)
      let people = try await OrgFixture.everyone(checks.directory.members(of: group))
      let filter = "(memberOf=\(LDAPFilter.escape(group.id)))"
      let found = OrgFixture.dns(inLDIF: try checks.server.ldapsearch([filter, "1.1"]))
      XCTAssertEqual(people.map { $0.id.lowercased() }.sorted(), found.sorted(), name)
    }
  }

  func testNestedGroupsAreSubgroupsNotPeople() async throws {
    try await checks().nestedGroupsAreSubgroups()
  }

  func testGroupsComeByNameAndMatchTextLiterally() async throws {
    try await checks().groupsComeByName()
  }

  func testAPersonsGroupsComeFromTheirMemberOf() async throws {
    try await checks().aPersonsGroupsAreThoseNamingThem()
  }

  func testAGroupIsFoundByNameOrDN() async throws {
    try await checks().aGroupIsFoundByNameOrDN()
  }

  func testAGroupsPeopleAreSortedAndFilteredOnTheServer() async throws {
    let checks = try checks()
    let group = try await checks.group("Engineering")
    let filter = try PersonFilter(parsing: #"department ne "Design""#)
    let sort = try PersonSort(parsing: "title:desc,displayName")
    let people = try await OrgFixture.everyone(
      checks.directory.members(of: group).querying(filter: filter, sort: sort))
    let output = try checks.server.ldapsearch([
      "-E",
      "!sss=-title:caseIgnoreOrderingMatch/displayName:caseIgnoreOrderingMatch/uid:caseIgnoreOrderingMatch",
      "(&(memberOf=\(group.id))(!(ou=Design)))", "1.1",
    ])
    let expected = OrgFixture.dns(inLDIF: output)
    XCTAssertGreaterThan(expected.count, 10)
    XCTAssertLessThan(expected.count, 30, "the filter left some out")
    XCTAssertEqual(people.map { $0.id.lowercased() }, expected)
    let refusals = try await checks.directory.members(of: group).sortRefusals()
    XCTAssertEqual(
      Set(refusals.keys), [.active, .city], "memberOf: the server sorts (all it holds)")

    // A search keeps the group: the people in it whose name holds the text.
    let searched = try await OrgFixture.everyone(
      checks.directory.members(of: group).querying(filter: filter, sort: sort).searching("an"))
    XCTAssertFalse(searched.isEmpty)
    XCTAssertLessThan(searched.count, people.count)
    XCTAssertTrue(Set(searched.map(\.id)).isSubset(of: Set(people.map(\.id))))
    for person in searched {
      XCTAssertTrue(
        person.username.lowercased().contains("an")
          || person.displayName.lowercased().contains("an"), person.username)
    }
  }
}
