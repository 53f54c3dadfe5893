import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// A slapd entry whose display name and title hold an OSC 52 clipboard
/// write, BEL, DEL, a C1 CSI and a right-to-left override: `roster list`
/// and `roster person` print them as escapes, in TSV and JSON Lines, the
/// same as for a users.json. The built `roster` binary run as a process.
final class RosterTerminalEscapeServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let hostile = "\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}\u{7F}\u{9B}\u{202E}x"
  static let escapedText = #"\x1B]52;c;ZWNobyBwd25lZA==\x07\x7F\x9B\u202Ex"#
  static let escapedJSON = #"\u001B]52;c;ZWNobyBwd25lZA==\u0007\u007F\u009B\u202Ex"#

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: [
      LDIFPerson(
        uid: "mallory", cn: "Mal", sn: "Icious", displayName: "Mal " + hostile, title: hostile)
    ])
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  /// The scalars a terminal acts on rather than shows; tab and newline
  /// allowed.
  private static func terminalControls(in text: String) -> [UInt32] {
    text.unicodeScalars.map(\.value).filter { value in
      guard value != 0x0A, value != 0x09 else { return false }
      return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
        || value == 0x061C
    }
  }

  func testAHostileEntryIsPrintedAsTextInTSVAndJSONLines() throws {
    let server = try XCTUnwrap(Self.server)
    let tsv = try RosterProcess.run([
      "list", "--source", server.peopleURL, "--columns", "username,displayName,title",
    ])
    XCTAssertEqual(tsv.status, 0, tsv.errors)
    XCTAssertEqual(Self.terminalControls(in: tsv.output), [])
    XCTAssertEqual(
      tsv.output,
      "username\tdisplayName\ttitle\nmallory\tMal \(Self.escapedText)\t\(Self.escapedText)\n")

    let json = try RosterProcess.run([
      "list", "--source", server.peopleURL, "--columns", "username,title", "--format", "jsonl",
    ])
    XCTAssertEqual(json.status, 0, json.errors)
    XCTAssertEqual(Self.terminalControls(in: json.output), [])
    XCTAssertEqual(json.output, "{\"username\":\"mallory\",\"title\":\"\(Self.escapedJSON)\"}\n")
  }

  func testAHostilePersonIsPrintedAsText() throws {
    let server = try XCTUnwrap(Self.server)
    let run = try RosterProcess.run(["person", "--source", server.peopleURL, "mallory"])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(Self.terminalControls(in: run.output), [])
    XCTAssertEqual(Self.terminalControls(in: run.errors), [])
    XCTAssertTrue(run.output.contains("mallory\tMal \(Self.escapedText)"), run.output)
  }
}
