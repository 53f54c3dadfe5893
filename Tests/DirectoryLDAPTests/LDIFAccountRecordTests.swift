import Directory
import DirectoryLDAP
import Foundation
import XCTest

/// The change log's records of an administrator's changes
/// (`LDIFChangeRecord.Kind`): a person added, a person deleted with their
/// entry kept in comments (long and binary values folded there too), a
/// password reset with no value; each read back exactly, and a record the
/// server did not make left out.
final class LDIFAccountRecordTests: XCTestCase {
  /// 2026-12-03T07:10:00Z.
  private let seconds: Int64 = 1_796_281_800
  private let admin = "cn=admin,dc=example,dc=org"
  private let dn = "uid=ada,ou=people,dc=example,dc=org"

  func testAnAddIsWrittenAsLdapaddReadsItAndReadBack() {
    let record = LDIFChangeRecord(
      seconds: seconds, author: admin, dn: dn,
      changes: [
        LDAPModification(attribute: "objectClass", seen: [], new: ["person", "inetOrgPerson"]),
        LDAPModification(attribute: "cn", seen: [], new: ["Ada Lovelace"]),
      ], kind: .add)
    XCTAssertEqual(
      record.ldif,
      """
      # 2026-12-03T07:10:00Z by cn=admin,dc=example,dc=org
      dn: uid=ada,ou=people,dc=example,dc=org
      changetype: add
      objectClass: person
      objectClass: inetOrgPerson
      cn: Ada Lovelace


      """)
    let read = LDIFChangeRecord.records(in: Array(record.ldif.utf8))
    XCTAssertEqual(read.records, [record])
    XCTAssertEqual(read.unreadable, 0)
  }

  func testADeleteKeepsTheEntryInCommentsFoldedAndBinaryAndReadsBack() {
    let photo = (0..<300).map { UInt8($0 % 256) }
    let record = LDIFChangeRecord(
      seconds: seconds, author: admin, dn: dn,
      changes: [
        LDAPModification(attribute: "cn", seen: ["Ada Lovelace"], new: [String]()),
        LDAPModification(
          attribute: "description", seen: [String(repeating: "x", count: 100)], new: [String]()),
        LDAPModification(attribute: "jpegPhoto", seen: [photo], new: []),
      ], kind: .delete)
    let ldif = record.ldif
    let lines = ldif.split(separator: "\n")
    XCTAssertEqual(lines[1], "# entry: dn: uid=ada,ou=people,dc=example,dc=org")
    XCTAssertEqual(lines[2], "# entry: cn: Ada Lovelace")
    XCTAssertTrue(lines.dropFirst().dropLast(2).allSatisfy { $0.hasPrefix("# entry: ") }, ldif)
    XCTAssertTrue(lines.contains { $0.hasPrefix("# entry:  ") }, "a folded line: \(ldif)")
    XCTAssertEqual(
      lines.suffix(2), ["dn: uid=ada,ou=people,dc=example,dc=org", "changetype: delete"])
    let read = LDIFChangeRecord.records(in: Array(ldif.utf8))
    XCTAssertEqual(read.records, [record])
    XCTAssertEqual(read.unreadable, 0)
  }

  func testAPasswordResetIsACommentWithoutAValue() {
    let record = LDIFChangeRecord(
      seconds: seconds, author: admin, dn: dn, changes: [], kind: .passwordReset)
    XCTAssertEqual(
      record.ldif,
      """
      # 2026-12-03T07:10:00Z by cn=admin,dc=example,dc=org
      # password reset: dn: uid=ada,ou=people,dc=example,dc=org


      """)
    XCTAssertEqual(LDIFChangeRecord.records(in: Array(record.ldif.utf8)).records, [record])
  }

  func testARecordNotMadeIsLeftOutAndTheOthersStay() {
    let kept = LDIFChangeRecord(
      seconds: seconds, author: admin, dn: "uid=grace,ou=people,dc=example,dc=org",
      changes: [], kind: .passwordReset)
    let deleted = LDIFChangeRecord(
      seconds: seconds, author: admin, dn: dn,
      changes: [LDAPModification(attribute: "cn", seen: ["Ada"], new: [String]())], kind: .delete)
    let text =
      kept.ldif + deleted.ldif
      + LDIFChangeRecord.notMade(
        seconds: seconds, author: admin, dn: dn, reason: "Insufficient access (50)")
    let read = LDIFChangeRecord.records(in: Array(text.utf8))
    XCTAssertEqual(read.records, [kept])
    XCTAssertEqual(read.unreadable, 0)
  }
}
