import Directory
import Foundation
import TestSupport
import XCTest

/// One entry with a field megabytes long loads quickly, cut to
/// `FieldLimit.maxBytes` and counted, and the rest of the file with it.
/// Times are printed; the assertion is a generous bound against a hang,
/// not a speed target.
final class HostileFieldTests: XCTestCase {
  private let folder = TemporaryDirectory()

  private func load(_ bytes: [UInt8]) async throws -> (DirectoryContents, Duration) {
    let file = folder.write("users.json", bytes)
    let clock = ContinuousClock()
    let start = clock.now
    let contents = try await DirectoryLoader().load(DirectorySource(argument: file))
    return (contents, start.duration(to: clock.now))
  }

  func testMegabyteFieldsLoadCutAndCounted() async throws {
    for field in HostileEntries.Field.allCases {
      for length in [1 << 20, 50 << 20] {
        let (contents, duration) = try await load(
          HostileEntries.json(field: field, length: length))
        print("a \(length >> 20) MB \(field.rawValue) loaded in \(duration)")
        XCTAssertLessThan(duration, .seconds(10), "\(field) of \(length) bytes")
        XCTAssertEqual(contents.viewModels.count, 3, "\(field)")
        XCTAssertEqual(contents.skippedEntries, 0)
        XCTAssertEqual(contents.cutEntries, 1, "\(field)")
        XCTAssertEqual(contents.warnings.count, 1)
        let outcome = field == .avatar ? "left out" : "cut"
        XCTAssertTrue(
          contents.warnings[0].hasSuffix(
            "\"\(field.rawValue)\" is longer than \(FieldLimit.maxBytes) bytes, \(outcome)"),
          contents.warnings[0])
        let long = contents.viewModels[1]
        switch field {
        case .username:
          XCTAssertEqual(long.username, String(repeating: "a", count: FieldLimit.maxBytes))
          XCTAssertEqual(
            long.displayName, String(repeating: "a", count: DisplayText.maxCharacters - 1) + "…")
        case .role:
          XCTAssertEqual(long.role, .unknown)
        case .avatar:
          XCTAssertEqual(long.avatar, "")
        case .id:
          XCTAssertEqual(long.identity, String(repeating: "a", count: FieldLimit.maxBytes))
        }
        XCTAssertEqual(contents.viewModels.map(\.displayName).last, "grace")
      }
    }
  }

  func testACutNeverSplitsACharacter() throws {
    // Offsets 0 to 3 put each byte of a 1-, 2-, 3- or 4-byte character at the limit.
    for unit in ["é", "€", "😀"] {
      for offset in 0..<4 {
        let name = String(repeating: "a", count: offset) + String(repeating: unit, count: 600)
        let json = #"[{"username": "\#(name)"}]"#
        let parsed = try DirectoryParser.parse(Array(json.utf8))
        let username = try XCTUnwrap(parsed.users.first?.username)
        XCTAssertLessThanOrEqual(username.utf8.count, FieldLimit.maxBytes)
        XCTAssertGreaterThan(username.utf8.count, FieldLimit.maxBytes - unit.utf8.count)
        XCTAssertTrue(name.hasPrefix(username), "\(unit) at offset \(offset)")
        XCTAssertFalse(username.contains("\u{FFFD}"))
        XCTAssertEqual(parsed.cut, 1)
      }
    }
  }

  func testOnlyEntriesWithALongFieldAreCounted() throws {
    let fits = String(repeating: "b", count: FieldLimit.maxBytes)
    let over = fits + "b"
    let json = """
      [{"username": "\(fits)", "id": "\(fits)", "avatar": "\(fits)"},
       {"username": "\(over)"}, {"username": "x", "id": "\(over)"}, {"username": "y"}]
      """
    let parsed = try DirectoryParser.parse(Array(json.utf8))
    XCTAssertEqual(parsed.users.count, 4)
    XCTAssertEqual(parsed.cut, 2)
    XCTAssertEqual(parsed.skipped, 0)
    XCTAssertEqual(parsed.users[0].username, fits)
    XCTAssertEqual(parsed.users[0].avatar, fits)
    XCTAssertEqual(parsed.users[1].username, fits)
    XCTAssertEqual(parsed.users[2].id, fits)
    XCTAssertEqual(parsed.warnings.map { $0.hasPrefix("entry 2 ") }, [true, false])
  }

  func testAnIntegerIdIsBoundedToo() throws {
    let digits = String(repeating: "7", count: 1 << 20)
    let parsed = try DirectoryParser.parse(Array(#"[{"username": "n", "id": \#(digits)}]"#.utf8))
    XCTAssertEqual(parsed.users.first?.id, String(repeating: "7", count: FieldLimit.maxBytes))
    XCTAssertEqual(parsed.cut, 1)
  }
}
