import Foundation
import XCTest

@testable import Directory

/// A record of the change history whose checksum is right but whose bytes
/// Roster never writes (another program's, a damaged disk's with its
/// checksum made again) is damage, not a change: no text read with
/// replacement characters, no date no reader can show. Found by
/// FuzzChangeHistory (seeds `change-history/name-not-utf8`,
/// `change-history/date-past-9999`).
final class ChangeHistoryRecordTests: XCTestCase {
  private var copy: ReplicaTestCopy!

  override func setUp() {
    super.setUp()
    copy = ReplicaTestCopy()
  }

  override func tearDown() {
    copy.remove()
    super.tearDown()
  }

  /// 2026-11-26 09:14 UTC.
  private static let seconds: Int64 = 1_795_655_640

  private static func change(_ username: String, seconds: Int64 = seconds) -> PersonChange {
    PersonChange(
      seconds: seconds, kind: .title, field: .title, identity: "id-" + username,
      username: username, name: "Name", old: "Before", new: "After")
  }

  /// `body` framed as a record, its length and checksum right.
  private static func framed(_ body: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    withUnsafeBytes(of: UInt32(body.count).littleEndian) { out += $0 }
    withUnsafeBytes(of: CRC32.of(body).littleEndian) { out += $0 }
    return out + body
  }

  /// Writes a history of `bodies` framed, then a whole change, and opens
  /// it as the copy does; the reopened history.
  private func opened(_ bodies: [[UInt8]]) throws -> (ChangeHistory, [UInt8]) {
    try FileManager.default.createDirectory(at: copy.folder, withIntermediateDirectories: true)
    var bytes = ChangeHistoryFile.mark
    for body in [Self.change("before").bytes] + bodies + [Self.change("after").bytes] {
      bytes += Self.framed(body)
    }
    try Data(bytes).write(to: copy.folder.appendingPathComponent(ChangeHistory.fileName))
    let history = try ChangeHistory(
      folder: copy.folder, clock: { Date(timeIntervalSince1970: Double(Self.seconds)) })
    return (history, bytes)
  }

  private func usernames() throws -> [String]? {
    try ChangeHistory.changes(
      in: copy.folder, now: Date(timeIntervalSince1970: Double(Self.seconds)))?.map(\.username)
  }

  func testATextThatIsNotUTF8BehindAGoodChecksumIsDamage() throws {
    var body = Self.change("maria").bytes
    // The "r" of its identity's "maria" made a lone continuation byte.
    let username = try XCTUnwrap(body.firstRange(of: Array("maria".utf8)))
    body[username.lowerBound + 2] = 0x80
    XCTAssertNil(PersonChange(body[...]), "not a change Roster wrote")
    let (history, bytes) = try opened([body])
    XCTAssertNotNil(history.notice, "the damage is told")
    XCTAssertEqual(
      try Data(contentsOf: copy.folder.appendingPathComponent(ChangeHistory.damagedName)),
      Data(bytes))
    XCTAssertEqual(try usernames(), ["before"], "the change before the damage, and no other")
  }

  func testADateNoReaderCanShowBehindAGoodChecksumIsDamage() throws {
    // 2^62 seconds: past what gmtime and GLib date; Int64.max: as a
    // Double, past Int.max for the Changes window's Int(…); before 1970;
    // a second past 9999.
    for seconds in [Int64(1) << 62, Int64.max, -1, 253_402_300_800] {
      let body = Self.change("late", seconds: seconds).bytes
      XCTAssertNil(PersonChange(body[...]), "\(seconds)")
      let (history, _) = try opened([body])
      XCTAssertNotNil(history.notice, "\(seconds)")
      XCTAssertEqual(try usernames(), ["before"], "\(seconds)")
      copy.remove()
    }
    XCTAssertNotNil(PersonChange(Self.change("last", seconds: 253_402_300_799).bytes[...]))
    XCTAssertNotNil(PersonChange(Self.change("first", seconds: 0).bytes[...]))
  }

  func testTheWriterLeavesOutAChangeDatedByAClockFarOff() throws {
    try FileManager.default.createDirectory(at: copy.folder, withIntermediateDirectories: true)
    let history = try ChangeHistory(
      folder: copy.folder, clock: { Date(timeIntervalSince1970: Double(Self.seconds)) })
    try history.record([
      Self.change("early", seconds: -86_400), Self.change("now"),
      Self.change("late", seconds: Int64(1) << 40),
    ])
    try history.record([Self.change("alone", seconds: -1)])
    XCTAssertEqual(try usernames(), ["now"])
    let bytes = [UInt8](
      try Data(contentsOf: copy.folder.appendingPathComponent(ChangeHistory.fileName)))
    XCTAssertEqual(bytes, ChangeHistoryFile.mark + ChangeHistoryFile.record(Self.change("now")))
  }
}
