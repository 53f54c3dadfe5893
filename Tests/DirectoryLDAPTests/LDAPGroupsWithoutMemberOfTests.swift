import Directory
import DirectoryLDAP
import LDAPDemo
import TestSupport
import XCTest

/// Groups on a slapd that keeps no memberOf: a group's people are read
/// from its member values in the group's order, each member looked up on
/// its own; a member that does not exist or is a group is skipped.
final class LDAPGroupsWithoutMemberOfTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?

  override class func setUp() {
    super.setUp()
    server = OrgFixture.started(memberOf: false)
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

  func testAGroupsPeopleAreItsMemberValuesInItsOrder() async throws {
    let checks = try checks()
    for name in ["Engineering", "Sales, EMEA", "Platform"] {
      try await checks.membersAreTheGroupsPeople(name)
    }
    let group = try await checks.group("Sales, EMEA")
    let people = try await OrgFixture.everyone(checks.directory.members(of: group), size: 4)
    XCTAssertEqual(
      people.map { $0.id.lowercased() }, OrgFixture.dns(40..<55).map { $0.lowercased() },
      "the group's order, the member that does not exist skipped")
  }

  func testNestedGroupsAreSubgroupsNotPeople() async throws {
    try await checks().nestedGroupsAreSubgroups()
  }

  func testGroupsComeByNameAndMatchTextLiterally() async throws {
    try await checks().groupsComeByName()
  }

  func testAPersonsGroupsAreThoseNamingThemAsMember() async throws {
    try await checks().aPersonsGroupsAreThoseNamingThem()
  }

  func testAGroupIsFoundByNameOrDN() async throws {
    try await checks().aGroupIsFoundByNameOrDN()
  }

  func testAGroupsPeopleAreFilteredOnTheServerAndKeepTheGroupsOrder() async throws {
    let checks = try checks()
    let group = try await checks.group("Engineering")
    let filter = try PersonFilter(parsing: #"department ne "Design""#)
    let members = checks.directory.members(of: group)
    let people = try await OrgFixture.everyone(
      members.querying(filter: filter, sort: try PersonSort(parsing: "title:desc")))
    let expected = try await OrgFixture.everyone(members).filter {
      $0.details.department != "Design"
    }
    XCTAssertLessThan(expected.count, 30, "the filter left some out")
    XCTAssertEqual(people.map(\.id), expected.map(\.id))
    let refusals = try await members.sortRefusals()
    XCTAssertEqual(Set(refusals.keys), Set(PersonField.allCases), "the group's order stands")
  }
}
