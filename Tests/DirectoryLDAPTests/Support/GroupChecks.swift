import Directory
import DirectoryLDAP
import LDAPDemo
import TestSupport
import XCTest

/// What a server's groups answer whether or not it keeps memberOf: the
/// checks both test classes run against their own slapd.
///
/// Threading: used by one test at a time.
struct GroupChecks {
  let server: TestServer
  let directory: LDAPDirectory

  /// A group's people are the group's member values that name people,
  /// as ldapsearch reads them from the group (the member that does not
  /// exist and the group inside it left out).
  func membersAreTheGroupsPeople(_ name: String) async throws {
    let group = try await group(name)
    let people = try await OrgFixture.everyone(directory.members(of: group))
    let values = try server.ldapsearch(["(objectClass=*)", "member"], base: group.id)
    let personDNs = Set(
      try server.ldapsearch(["(objectClass=inetOrgPerson)", "1.1"]).split(separator: "\n")
        .filter { $0.hasPrefix("dn: ") }.map { $0.dropFirst(4).lowercased() })
    let expected = OrgFixture.values("member", inLDIF: values).map { $0.lowercased() }
      .filter { personDNs.contains($0) }
    XCTAssertGreaterThan(expected.count, 10, name)
    XCTAssertEqual(Set(people.map { $0.id.lowercased() }), Set(expected), name)
    XCTAssertEqual(people.count, expected.count, "each member once: \(name)")
  }

  /// A group inside another is its subgroup, not one of its people, and
  /// its own people are not the outer group's.
  func nestedGroupsAreSubgroups() async throws {
    let engineering = try await group("Engineering")
    let platform = try await group("Platform")
    let subgroups = try await directory.subgroups(of: engineering)
    XCTAssertEqual(subgroups.map(\.name), ["Platform"])
    let inner = try await directory.subgroups(of: platform)
    XCTAssertEqual(inner, [])
    let people = try await OrgFixture.everyone(directory.members(of: engineering))
    XCTAssertEqual(
      Set(people.map { $0.id.lowercased() }), Set(OrgFixture.dns(0..<30).map { $0.lowercased() }))
  }

  /// Groups come by name, ignoring case, a window at a time; a search
  /// text with a filter's special characters matches only literally.
  func groupsComeByName() async throws {
    let first = try await directory.groups(0..<2, matching: "")
    XCTAssertEqual(first.count, 4)
    XCTAssertEqual(first.groups.map(\.name), ["Engineering", "Platform"])
    let rest = try await directory.groups(2..<10, matching: "")
    XCTAssertEqual(rest.offset, 2)
    XCTAssertEqual(rest.groups.map(\.name), ["Sales, EMEA", OrgFixture.injection])
    XCTAssertEqual(rest.groups.map(\.memberCount), [nil, nil], "not read for the list")
    let star = try await directory.groups(0..<10, matching: "*)(cn=*")
    XCTAssertEqual(star.groups.map(\.name), [OrgFixture.injection])
    XCTAssertEqual(star.count, 1)
    let stars = try await directory.groups(0..<10, matching: "**")
    XCTAssertEqual(stars.count, 0, "a star is only a star: no name holds two")
    let form = try await directory.groups(0..<10, matching: "form")
    XCTAssertEqual(form.groups.map(\.name), ["Platform"])
  }

  /// A person's groups, by name, are those ldapsearch finds naming them
  /// as a member.
  func aPersonsGroupsAreThoseNamingThem() async throws {
    let dn = OrgFixture.dns(26..<27)[0]
    let groups = try await directory.groups(of: dn)
    let output = try server.ldapsearch(["(member=\(dn))", "cn"], base: TestServer.groupsDN)
    let expected = OrgFixture.values("cn", inLDIF: output).sorted()
    XCTAssertEqual(expected, ["Engineering", "Platform"])
    XCTAssertEqual(groups.map(\.name), expected)
    let none = try await directory.groups(of: OrgFixture.dns(59..<60)[0])
    XCTAssertEqual(none, [], "in no group")
  }

  /// A group is found by its name or its DN, and nothing by another name.
  func aGroupIsFoundByNameOrDN() async throws {
    let byName = try await group("Sales, EMEA")
    let output = try server.ldapsearch([#"(cn=Sales, EMEA)"#, "1.1"], base: TestServer.groupsDN)
    XCTAssertEqual([byName.id.lowercased()], OrgFixture.dns(inLDIF: output))
    let byDN = try await directory.group(named: byName.id)
    XCTAssertEqual(byDN?.name, "Sales, EMEA")
    let nobody = try await directory.group(named: "Nobody")
    XCTAssertNil(nobody)
    let personDN = try await directory.group(named: OrgFixture.dns(1..<2)[0])
    XCTAssertNil(personDN, "a person is no group")
  }

  /// The group named `name`, else a failure.
  func group(_ name: String, file: StaticString = #filePath, line: UInt = #line) async throws
    -> DirectoryGroupEntry
  {
    let found = try await directory.group(named: name)
    return try XCTUnwrap(found, "no group named \(name)", file: file, line: line)
  }
}
