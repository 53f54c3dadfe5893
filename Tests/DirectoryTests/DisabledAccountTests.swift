import Foundation
import TestSupport
import XCTest

@testable import Directory

/// Disabled accounts in a local directory: users.json's "active" read,
/// kept in the table beside the role, shown as "Disabled" in a row's
/// second line, filtered and sorted as the field `active` ("true" or
/// "false"), written back by the JSON, CSV and vCard exports, and kept by
/// an offline copy's records.
final class DisabledAccountTests: XCTestCase {
  private static let people = [
    User(
      id: "u1", username: "maria", role: .owner,
      details: PersonDetails(displayName: "María García", title: "Director")),
    User(
      id: "u2", username: "jchen", role: .admin, isActive: false,
      details: PersonDetails(displayName: "Jun Chen", title: "Engineer")),
    User(id: "u3", username: "zoe", isActive: false),
    User(username: "plain"),
  ]

  func testActiveIsReadFromUsersJSONAndOnlyFalseDisables() throws {
    let parsed = try DirectoryParser.parse(
      Array(
        #"""
        [{"username": "a", "active": false},
         {"username": "b", "active": true},
         {"username": "c", "active": null},
         {"username": "d"},
         {"username": "e", "active": "no", "role": "Admin"},
         {"username": "f", "active": 0}]
        """#.utf8))
    XCTAssertEqual(parsed.users.map(\.username), ["a", "b", "c", "d", "e", "f"])
    XCTAssertEqual(parsed.users.map(\.isActive), [false, true, true, true, true, true])
    XCTAssertEqual(parsed.users[4].role, .admin, "a wrong type is left out; the person loads")
    XCTAssertEqual(parsed.skipped, 0)
    XCTAssertEqual(parsed.cut, 2, "\(parsed.warnings)")
    XCTAssertTrue(
      parsed.warnings.contains { $0.contains(#""active" is a string, not true or false"#) },
      "\(parsed.warnings)")
  }

  func testTheTableKeepsItBesideTheRoleAndARowSaysDisabled() {
    let table = UserTable(Self.people)
    XCTAssertEqual((0..<4).map(table.isActive(at:)), [true, false, false, true])
    XCTAssertEqual((0..<4).map(table.role(at:)), [.owner, .admin, .user, .user])
    XCTAssertEqual(table.users, Self.people)
    XCTAssertEqual(table[1].subtitle, "Disabled · Engineer")
    XCTAssertEqual(table[2].subtitle, "Disabled · User")
    XCTAssertEqual(table[0].subtitle, "Director")
    XCTAssertEqual(table[1].accessibleText, "Jun Chen, Disabled · Engineer")
    // A person whose account is disabled later is not the same person shown.
    var changed = Self.people
    changed[0].isActive = false
    XCTAssertNotEqual(UserTable(changed), table)
    XCTAssertFalse(table.sameUser(at: 0, as: 0, in: UserTable(changed)))
  }

  func testAFilterAndASortReadItAsTrueOrFalse() throws {
    let table = UserTable(Self.people)
    func matches(_ text: String) throws -> [String] {
      TableFilter(try PersonFilter(parsing: text), over: table).positions()!.map {
        table.username(at: $0)
      }
    }
    XCTAssertEqual(try matches(#"active eq "false""#), ["jchen", "zoe"])
    XCTAssertEqual(try matches(#"active eq "TRUE""#), ["maria", "plain"])
    XCTAssertEqual(try matches(#"active ne "false" and role eq "Owner""#), ["maria"])
    XCTAssertEqual(
      try XCTUnwrap(table.sortedPositions(by: try PersonSort(parsing: "active, username"))).map {
        table.username(at: $0)
      },
      ["jchen", "zoe", "maria", "plain"])
  }

  func testExportsWriteItAndUsersJSONReadsItBack() async throws {
    let folder = TemporaryDirectory()
    let table = UserTable(Self.people)
    let json = folder.url.appendingPathComponent("people.json")
    _ = try await PersonExporter.export(
      table, positions: Array(0..<4), as: PersonExport(format: .json), to: json)
    let text = try String(contentsOf: json, encoding: .utf8)
    XCTAssertEqual(text.components(separatedBy: #""active":false"#).count - 1, 2, text)
    let back = try DirectoryParser.parse(Array(text.utf8))
    XCTAssertEqual(back.users, Self.people)

    let csv = folder.url.appendingPathComponent("people.csv")
    _ = try await PersonExporter.export(
      table, positions: Array(0..<4),
      as: PersonExport(format: .csv, columns: [.username, .active]), to: csv)
    XCTAssertEqual(
      try String(contentsOf: csv, encoding: .utf8),
      "username,active\r\nmaria,true\r\njchen,false\r\nzoe,false\r\nplain,true\r\n")

    let vcard = folder.url.appendingPathComponent("people.vcf")
    _ = try await PersonExporter.export(
      table, positions: [0, 1], as: PersonExport(format: .vcard), to: vcard)
    let cards = try String(contentsOf: vcard, encoding: .utf8)
      .components(separatedBy: "END:VCARD").dropLast()
    XCTAssertEqual(cards.map { $0.contains("X-ROSTER-ACTIVE:false") }, [false, true])
  }

  func testAnOfflineCopysRecordKeepsIt() throws {
    let entry = DirectoryEntry(
      id: "uid=jchen,ou=people", username: "jchen", role: .admin, isActive: false)
    let record = ReplicaRecord.person(entry)
    XCTAssertEqual(ReplicaRecord(record.bytes[...]), record)
    let active = ReplicaRecord.person(
      DirectoryEntry(id: "uid=maria,ou=people", username: "maria", role: .owner))
    XCTAssertEqual(ReplicaRecord(active.bytes[...]), active)
    XCTAssertEqual(UserViewModel(entry: entry).isActive, false)
  }
}
