import Directory
import DirectoryLDAP
import LDAPDemo
import TestSupport
import XCTest

/// People and groups for the tests of groups, members and managers: sixty
/// generated people (person i reports to person (i - 1) / 4), a chain of
/// seven (`chain6` up to `chain0`: six managers deep), two people managing
/// each other, one whose manager does not exist, and four groups:
/// Engineering (people 0..<30 and the group Platform), Platform (25..<40),
/// "Sales, EMEA" (40..<55 and a member that does not exist) and a group
/// whose name is a filter injection (0..<3).
///
/// Threading: stateless.
enum OrgFixture {
  static let ghostDN = "uid=ghost,ou=people,\(TestServer.suffix)"
  static let goneDN = "uid=gone,ou=people,\(TestServer.suffix)"
  static let injection = "Star *)(cn=* Group"

  static var people: [LDIFPerson] {
    var people = TestPeople.people(count: 60, seed: 11)
    for level in 0...6 {
      people.append(
        LDIFPerson(
          uid: "chain\(level)", cn: "Chain \(level)", sn: "Chain",
          manager: level == 0 ? nil : "uid=chain\(level - 1),ou=people,\(TestServer.suffix)"))
    }
    people.append(
      LDIFPerson(
        uid: "cycle.a", cn: "Cycle A", sn: "A",
        manager: "uid=cycle.b,ou=people,\(TestServer.suffix)"))
    people.append(
      LDIFPerson(
        uid: "cycle.b", cn: "Cycle B", sn: "B",
        manager: "uid=cycle.a,ou=people,\(TestServer.suffix)"))
    people.append(LDIFPerson(uid: "orphan", cn: "Orphan", sn: "Orphan", manager: ghostDN))
    return people
  }

  /// The DNs of generated people `range`.
  static func dns(_ range: Range<Int>) -> [String] {
    let people = TestPeople.people(count: 60, seed: 11)
    return range.map { TestServer.dn(people[$0]) }
  }

  /// Inner groups first, so memberOf is kept for them too.
  static let groups = [
    LDIFGroup(cn: "Platform", members: dns(25..<40)),
    LDIFGroup(cn: "Engineering", members: dns(0..<30) + [TestServer.dn(ofGroup: "Platform")]),
    LDIFGroup(cn: "Sales, EMEA", members: dns(40..<55) + [goneDN]),
    LDIFGroup(cn: injection, members: dns(0..<3)),
  ]

  /// A started server holding the fixture, with or without memberOf.
  static func started(memberOf: Bool) -> TestServer? {
    TestServer.started(people: people, groups: groups, memberOf: memberOf)
  }

  /// The directory of `server`'s people, its groups under ou=groups.
  static func directory(_ server: TestServer) throws -> LDAPDirectory {
    var options = LDAPOptions()
    options.groupsBase = TestServer.groupsDN
    return try LDAPDirectory(url: server.peopleURL, options: options)
  }

  /// Every entry of `directory`, window by window (`size` at a time) until
  /// the final count.
  static func everyone(_ directory: any RangedDirectory, size: Int = 7) async throws
    -> [DirectoryEntry]
  {
    var entries: [DirectoryEntry] = []
    while true {
      let window = try await directory.rows(entries.count..<(entries.count + size))
      XCTAssertEqual(window.offset, entries.count)
      entries += window.entries
      if window.entries.isEmpty || (window.isCountFinal && entries.count >= window.count) {
        XCTAssertEqual(entries.count, window.count, "the count matches what was read")
        return entries
      }
    }
  }

  /// The DNs (lower case) in ldapsearch's output, in its order.
  static func dns(inLDIF output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("dn: ") }.map {
      $0.dropFirst(4).lowercased()
    }
  }

  /// The values of `attribute` in ldapsearch's output.
  static func values(_ attribute: String, inLDIF output: String) -> [String] {
    output.split(separator: "\n").filter { $0.hasPrefix("\(attribute): ") }.map {
      String($0.dropFirst(attribute.count + 2))
    }
  }
}
