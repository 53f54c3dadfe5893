import Directory
import DirectoryLDAP
import Foundation
import XCTest

/// The change log's LDIF (`LDIFChangeRecord`): a record is written as
/// RFC 2849 spells it, hostile values in base64, and read back exactly.
final class LDIFChangeRecordTests: XCTestCase {
  /// 2026-12-03T07:10:00Z.
  private let seconds: Int64 = 1_796_281_800

  func testASimpleRecordIsWrittenAsLDAPModifyReadsIt() {
    let record = LDIFChangeRecord(
      seconds: seconds, author: "uid=ada,ou=people,dc=example,dc=org",
      dn: "uid=ada,ou=people,dc=example,dc=org",
      changes: [
        LDAPModification(attribute: "telephoneNumber", seen: ["+1 555 0100"], new: ["+1 555 0199"]),
        LDAPModification(attribute: "mobile", seen: [String](), new: ["+1 555 0142"]),
        LDAPModification(attribute: "title", seen: ["Analyst", "Poet"], new: [String]()),
      ])
    XCTAssertEqual(
      record.ldif,
      """
      # 2026-12-03T07:10:00Z by uid=ada,ou=people,dc=example,dc=org
      # before: telephoneNumber: +1 555 0100
      # before: mobile (none)
      # before: title: Analyst
      # before: title: Poet
      dn: uid=ada,ou=people,dc=example,dc=org
      changetype: modify
      replace: telephoneNumber
      telephoneNumber: +1 555 0199
      -
      replace: mobile
      mobile: +1 555 0142
      -
      replace: title
      -


      """)
    let read = LDIFChangeRecord.records(in: Array(record.ldif.utf8))
    XCTAssertEqual(read.records, [record])
    XCTAssertEqual(read.unreadable, 0)
  }

  func testHostileValuesAreBase64AndReadBackExactly() {
    let hostile: [[UInt8]] = [
      Array("two\nlines".utf8), Array("carriage\rreturn".utf8),
      Array(String(repeating: "ten kilobytes ", count: 750).utf8),
      Array("\u{202E}txt.exe".utf8), Array(" leading space".utf8), Array("trailing space ".utf8),
      [0x61, 0x00, 0x62], Array(":colon".utf8), Array("<less".utf8), Array("\u{1B}[31mred".utf8),
      [0xFF, 0xFE, 0x00], [], Array("Zoë".utf8),
    ]
    let changes = hostile.enumerated().map { index, value in
      LDAPModification(
        attribute: "note\(index)", seen: [value], new: [hostile[(index + 1) % hostile.count]])
    }
    let record = LDIFChangeRecord(
      seconds: seconds, author: "uid=evil\nby,dc=example", dn: "cn=Zoë \u{202E},dc=example,dc=org",
      changes: changes)
    let text = record.ldif
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      XCTAssertLessThanOrEqual(line.utf8.count, 76, "folded: \(line.prefix(20))")
      XCTAssertTrue(
        line.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "printable ASCII: \(line.prefix(20))")
    }
    XCTAssertTrue(text.contains("\ndn:: "), "a DN that is not ASCII is base64")
    XCTAssertTrue(text.hasPrefix("# 2026-12-03T07:10:00Z by uid=evil\\nby,dc=example\n"))
    XCTAssertFalse(text.contains("\u{202E}"))
    let read = LDIFChangeRecord.records(in: Array(text.utf8))
    XCTAssertEqual(read.unreadable, 0)
    let back = try? XCTUnwrap(read.records.first)
    XCTAssertEqual(back?.dn, record.dn)
    XCTAssertEqual(back?.seconds, seconds)
    XCTAssertEqual(back?.changes.count, hostile.count)
    for (index, change) in (back?.changes ?? []).enumerated() {
      XCTAssertEqual(change.seen, [hostile[index]], "before \(index)")
      XCTAssertEqual(change.new, [hostile[(index + 1) % hostile.count]], "after \(index)")
    }
  }

  func testRecordsFollowOneAnotherAndDamageIsCounted() {
    let first = LDIFChangeRecord(
      seconds: seconds, author: "cn=admin", dn: "uid=a,dc=x",
      changes: [LDAPModification(attribute: "title", seen: ["A"], new: ["B"])])
    let second = LDIFChangeRecord(
      seconds: seconds + 60, author: "cn=admin", dn: "uid=b,dc=x",
      changes: [LDAPModification(attribute: "mobile", seen: [String](), new: ["1"])])
    let damaged = "# not a time by someone\ndn: uid=c,dc=x\nchangetype: modify\n\n"
    let read = LDIFChangeRecord.records(in: Array((first.ldif + damaged + second.ldif).utf8))
    XCTAssertEqual(read.records, [first, second])
    XCTAssertEqual(read.unreadable, 1)
  }

  func testTheLogIsCreatedPrivateAndAppendedTo() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-log-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = LDAPChangeLog(path: folder.appendingPathComponent("roster/changes.ldif").path)
    XCTAssertEqual(try log.records().records, [])
    let record = LDIFChangeRecord(
      seconds: seconds, author: "cn=admin", dn: "uid=a,dc=x",
      changes: [LDAPModification(attribute: "title", seen: ["A"], new: ["B"])])
    try log.append(record)
    try log.append(record)
    XCTAssertEqual(try log.records().records, [record, record])
    let attributes = try FileManager.default.attributesOfItem(atPath: try XCTUnwrap(log.file))
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(
      atPath: folder.appendingPathComponent("roster").path)
    XCTAssertEqual((folderAttributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
  }

  func testTheStandardPlaceFollowsXDG() {
    XCTAssertEqual(
      LDAPChangeLog.standardPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"]),
      "/data/roster/changes.ldif")
    XCTAssertEqual(
      LDAPChangeLog.standardPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]),
      "/home/a/.local/share/roster/changes.ldif")
    XCTAssertNil(LDAPChangeLog.standardPath(environment: [:]))
  }

  func testTheTimeCommentReadsBackAsWritten() {
    for seconds: Int64 in [0, seconds, 4_102_444_799] {
      XCTAssertEqual(ChangeSince.seconds(fromISOText: ChangeSince.isoText(seconds)), seconds)
    }
    for text in [
      "2026-12-03T07:10:00", "2026-12-03 07:10:00Z", "2026-02-31T00:00:00Z", "2026-12-03T24:00:00Z",
      "x",
    ] {
      XCTAssertNil(ChangeSince.seconds(fromISOText: text), text)
    }
  }

  func testAssertionFiltersEscapeEveryValue() {
    XCTAssertEqual(
      LDAPModification.assertion(for: [
        LDAPModification(attribute: "title", seen: ["a*b(c)\\"], new: ["x"])
      ]),
      "(title=a\\2ab\\28c\\29\\5c)")
    XCTAssertEqual(
      LDAPModification.assertion(for: [
        LDAPModification(attribute: "title", seen: [[0x61, 0x00], [0xFF]], new: []),
        LDAPModification(attribute: "mobile", seen: [[UInt8]](), new: [[0x31]]),
      ]),
      "(&(title=a\\00)(title=\\ff)(!(mobile=*)))")
    XCTAssertTrue(LDAPModification.isAttributeName("userCertificate;binary"))
    XCTAssertTrue(LDAPModification.isAttributeName("2.5.4.12"))
    XCTAssertFalse(LDAPModification.isAttributeName("title)(cn=*"))
    XCTAssertFalse(LDAPModification.isAttributeName("title\nx"))
  }
}
