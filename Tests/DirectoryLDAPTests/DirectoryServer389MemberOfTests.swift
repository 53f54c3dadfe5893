import Directory
import Foundation
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// Groups on a 389 Directory Server whose MemberOf Plugin is on
/// (``Test389Server/shared(memberOfPlugin:)``), read as the root DN and
/// compared with the same entries on the server whose plugin is off (where
/// Roster reads the groups' member values): Roster finds that the server
/// keeps memberOf, and a person's groups, a group's people and the groups
/// inside it are the same one level on both servers, and every level
/// (`--all-levels`) the same people.
///
/// 389's plugin writes every level into memberOf (a person in a group
/// inside All Staff carries All Staff too; `memberOfSkipNested` is off, as
/// a new instance and FreeIPA have it). So on 389 Roster reads one level
/// from the member values (memberOf narrows a group's people only where
/// no group sits inside it), and every level from memberOf, once a search
/// has shown that nobody in an inner group lacks the outer one.
final class DirectoryServer389MemberOfTests: XCTestCase {
  private var withPlugin: Test389Server {
    get throws { try Test389Server.shared(memberOfPlugin: true) }
  }
  private var withoutPlugin: Test389Server { get throws { try Test389Server.shared() } }

  private func directory(_ server: Test389Server) throws -> LDAPDirectory {
    try LDAPDirectory(
      url: server.ldapURL(),
      options: LDAPOptions(bindDN: Test389Server.rootDN, password: Secret(Test389Server.password)))
  }

  private func group(_ name: String, on directory: LDAPDirectory) async throws
    -> DirectoryGroupEntry
  {
    let found = try await directory.group(named: name)
    return try XCTUnwrap(found, "no group named \(name)")
  }

  /// The DN of `username` on either server.
  private func dn(_ username: String) -> String {
    "uid=\(username),\(Test389Server.peopleBase)"
  }

  /// The DN of the group `name` on either server, lower case.
  private func groupDN(_ name: String) -> String {
    CompanyPeople.dn389(ofGroup: name, base: Test389Server.suffix).lowercased()
  }

  /// The memberOf values of `username`'s entry, lower case, by ldapsearch.
  private func memberOf(_ username: String, on server: Test389Server) throws -> Set<String> {
    let output = try server.search(["(objectClass=*)", "memberOf"], base: dn(username))
    return Set(
      output.split(separator: "\n").filter { $0.lowercased().hasPrefix("memberof: ") }
        .map { $0.dropFirst("memberOf: ".count).lowercased() })
  }

  /// The usernames of everyone `view` holds, in its order.
  private func usernames(_ view: any RangedDirectory) async throws -> [String] {
    try await OrgFixture.everyone(view, size: 50).map(\.username)
  }

  func testRosterFindsThatOnlyTheServerWithThePluginKeepsMemberOf() async throws {
    let (on, off) = (try withPlugin, try withoutPlugin)
    let finance = groupDN("Dept Finance")
    XCTAssertTrue(try memberOf("user000", on: on).contains(finance))
    XCTAssertEqual(try memberOf("user000", on: off), [])

    let keeps = try directory(on)
    let keepsMemberOf = try await keeps.keepsMemberOf()
    XCTAssertTrue(keepsMemberOf, "the plugin's server keeps memberOf")
    let reads = try directory(off)
    let readsMembers = try await reads.keepsMemberOf()
    XCTAssertFalse(readsMembers, "the plain server keeps none")

    // A group's people are then everyone narrowed by memberOf on the
    // server, or read from the group's member values.
    let viaMemberOf = try await LDAPDirectory.reading(
      keeps.members(of: group("Dept Finance", on: keeps)))
    XCTAssertEqual(
      viaMemberOf?.filter.lowercased().contains("(memberof=\(finance))"), true,
      viaMemberOf?.filter ?? "no view")
    let viaValues = try await LDAPDirectory.reading(
      reads.members(of: group("Dept Finance", on: reads)))
    XCTAssertEqual(
      viaValues?.filter.lowercased().contains("memberof"), false, viaValues?.filter ?? "no view")
    let everyLevel = try await keeps.memberOfHoldsEveryLevel()
    XCTAssertTrue(everyLevel, "389's plugin writes every level")
    let readsEveryLevel = try await reads.memberOfHoldsEveryLevel()
    XCTAssertFalse(readsEveryLevel)
  }

  func testAPersonsGroupsFollowTheirMemberOfAfterAChange() async throws {
    let server = try withPlugin
    let name = "MemberOf Probe"
    let probe = groupDN(name)
    try server.add(
      "dn: cn=\(name),\(Test389Server.groupsBase)\nobjectClass: groupOfNames\ncn: \(name)\n"
        + "member: \(dn("user042"))\n",
      name: "probe-add")
    addTeardownBlock {
      try server.modify(
        "dn: cn=\(name),\(Test389Server.groupsBase)\nchangetype: delete\n", name: "probe-delete")
    }
    let directory = try directory(server)
    XCTAssertTrue(try memberOf("user042", on: server).contains(probe))
    var groups = try await directory.groups(of: dn("user042")).map(\.name)
    XCTAssertTrue(groups.contains(name), "\(groups)")

    // The group's member value moves from user042 to user043: the plugin
    // moves the memberOf value, and Roster's answer follows it.
    try server.modify(
      "dn: cn=\(name),\(Test389Server.groupsBase)\nchangetype: modify\nreplace: member\n"
        + "member: \(dn("user043"))\n",
      name: "probe-move")
    XCTAssertFalse(try memberOf("user042", on: server).contains(probe))
    XCTAssertTrue(try memberOf("user043", on: server).contains(probe))
    groups = try await directory.groups(of: dn("user042")).map(\.name)
    XCTAssertFalse(groups.contains(name), "\(groups)")
    let moved = try await directory.groups(of: dn("user043")).map(\.name)
    XCTAssertTrue(moved.contains(name), "\(moved)")
    let people = try await usernames(directory.members(of: group(name, on: directory)))
    XCTAssertEqual(people, ["user043"])
  }

  func testAPersonsGroupsAreThoseNamingThemThoughMemberOfHoldsEveryLevel() async throws {
    let (on, off) = (try withPlugin, try withoutPlugin)
    // user000 is in Finance, whose group All Staff holds: their memberOf
    // names both, their groups are the one naming them.
    XCTAssertEqual(
      try memberOf("user000", on: on),
      [groupDN(CompanyPeople.nestingGroup), groupDN("Dept Finance")])
    let withMemberOf = try await directory(on).groups(of: dn("user000")).map(\.name)
    XCTAssertEqual(withMemberOf, ["Dept Finance"])
    let withValues = try await directory(off).groups(of: dn("user000")).map(\.name)
    XCTAssertEqual(withValues, ["Dept Finance"], "the groups naming them as a member")
    // Sales is in no nested group: the same on both.
    let sales = try await directory(on).groups(of: dn("user003")).map(\.name)
    let salesValues = try await directory(off).groups(of: dn("user003")).map(\.name)
    XCTAssertEqual(sales, ["Dept Sales"])
    XCTAssertEqual(salesValues, sales)
  }

  func testAGroupsPeopleAgreeWithTheMemberValues() async throws {
    let (on, off) = (try directory(withPlugin), try directory(withoutPlugin))
    let people = try withPlugin.people.people
    for department in CompanyPeople.departments {
      let name = "Dept \(department)"
      let expected = people.filter { $0.department == department }.map(\.username)
      let viaMemberOf = try await usernames(on.members(of: group(name, on: on)))
      let viaValues = try await usernames(off.members(of: group(name, on: off)))
      XCTAssertEqual(expected.count, people.count / CompanyPeople.departments.count, name)
      XCTAssertEqual(viaValues, expected, "\(name): the group's own order")
      XCTAssertEqual(viaMemberOf, expected, "\(name): sorted by the server")
    }
  }

  func testNestedGroupsAgreeWithTheMemberValues() async throws {
    let (on, off) = (try directory(withPlugin), try directory(withoutPlugin))
    let people = try withPlugin.people.people
    let nesting = CompanyPeople.nestingGroup
    let inner = CompanyPeople.departments.prefix(2)
    for directory in [on, off] {
      let outer = try await group(nesting, on: directory)
      let subgroups = try await directory.subgroups(of: outer).map(\.name)
      XCTAssertEqual(subgroups, inner.map { "Dept \($0)" })
      // All Staff names no person: its own people are nobody, though
      // everyone in its groups carries it in memberOf.
      let direct = try await usernames(directory.members(of: outer))
      XCTAssertEqual(direct, [])
    }
    // Every level: the server's memberOf with the plugin (sorted and
    // filtered there); level by level without.
    let everyone = people.filter { inner.contains($0.department) }.map(\.username)
    let everyMember = try await on.everyMember(of: group(nesting, on: on))
    let served = try await usernames(try XCTUnwrap(everyMember, "memberOf holds every level"))
    XCTAssertEqual(served, everyone.sorted())
    let noChain = try await off.everyMember(of: group(nesting, on: off))
    XCTAssertNil(noChain, "without memberOf the levels are read one by one")

    // Every level (`--all-levels`): the same people on both, each once.
    for server in [try withPlugin, try withoutPlugin] {
      let listed = try allLevels(of: nesting, on: server)
      XCTAssertEqual(
        listed.sorted(), everyone.sorted(), "memberOf plugin: \(server.memberOfPlugin)")
    }
  }

  func testAGroupAboveANestedGroupHoldsOneLevelOfGroupsOnBothServers() async throws {
    // A third level: Whole Company holds All Staff, which holds two
    // departments' groups. Added to both servers while they run.
    let name = "Whole Company"
    let entry = "dn: cn=\(name),\(Test389Server.groupsBase)"
    for server in [try withPlugin, try withoutPlugin] {
      try server.add(
        "\(entry)\nobjectClass: groupOfNames\ncn: \(name)\n"
          + "member: \(CompanyPeople.dn389(ofGroup: CompanyPeople.nestingGroup, base: Test389Server.suffix))\n",
        name: "company-add")
      addTeardownBlock {
        try server.modify("\(entry)\nchangetype: delete\n", name: "company-delete")
      }
    }
    let (on, off) = (try directory(withPlugin), try directory(withoutPlugin))
    let inner = CompanyPeople.departments.prefix(2).map { "Dept \($0)" }
    // Whole Company's memberOf-holding groups are every group below it;
    // the one inside it is the one it names, on both servers.
    let viaMemberOf = try await on.subgroups(of: group(name, on: on)).map(\.name)
    XCTAssertEqual(viaMemberOf, [CompanyPeople.nestingGroup])
    let viaValues = try await off.subgroups(of: group(name, on: off)).map(\.name)
    XCTAssertEqual(viaValues, [CompanyPeople.nestingGroup])
    XCTAssertTrue(try memberOf("user001", on: try withPlugin).contains(groupDN(name)))
    let groups = try await on.groups(of: dn("user001")).map(\.name)
    XCTAssertEqual(groups, ["Dept Platform"])

    // Every level: the same people on both servers, each once.
    let people = try withPlugin.people.people
    let everyone = people.filter { inner.contains("Dept \($0.department)") }.map(\.username)
    for server in [try withPlugin, try withoutPlugin] {
      let listed = try allLevels(of: name, on: server)
      XCTAssertEqual(listed.sorted(), everyone, "memberOf plugin: \(server.memberOfPlugin)")
    }
  }

  func testEveryLevelIsReadLevelByLevelWhereSomeoneInAnInnerGroupLacksTheOuter() async throws {
    let server = try withPlugin
    // user005 (Legal) given Finance in memberOf by hand, not through the
    // group: in Finance by memberOf, not in All Staff, which holds Finance.
    let finance = CompanyPeople.dn389(ofGroup: "Dept Finance", base: Test389Server.suffix)
    let change = "dn: \(dn("user005"))\nchangetype: modify\n"
    try server.modify("\(change)add: memberOf\nmemberOf: \(finance)\n", name: "hand-add")
    addTeardownBlock {
      try server.modify("\(change)delete: memberOf\nmemberOf: \(finance)\n", name: "hand-delete")
    }
    XCTAssertTrue(try memberOf("user005", on: server).contains(finance.lowercased()))
    let directory = try directory(server)
    let everyMember = try await directory.everyMember(
      of: group(CompanyPeople.nestingGroup, on: directory))
    XCTAssertNil(everyMember, "memberOf no longer holds every level of All Staff")
  }

  /// `roster list --group NAME --all-levels` on `server`: the usernames,
  /// in the order printed.
  private func allLevels(of name: String, on server: Test389Server) throws -> [String] {
    let run = try RosterProcess.run([
      "list", "--source", server.ldapURL(), "--bind-dn", Test389Server.rootDN,
      "--password-file", server.passwordFile.path, "--group", name, "--all-levels",
      "--columns", "username", "--limit", "1000",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    return run.output.split(separator: "\n").dropFirst().map(String.init)
  }
}
