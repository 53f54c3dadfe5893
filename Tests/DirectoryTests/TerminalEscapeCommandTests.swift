import Directory
import Foundation
import TestSupport
import XCTest

/// What `roster list` and `roster person` print of a hostile users.json
/// reaches a terminal as text, never as a command to it: ESC, BEL, DEL, C1
/// (U+009B, the one-byte CSI) and bidi controls in a name, a title or a
/// manager's identity come out as `\xNN` / `\uNNNN` in TSV and on standard
/// error, and as `\u00NN` in JSON Lines. The built binary run as a script
/// runs it.
final class TerminalEscapeCommandTests: XCTestCase {
  /// Sets the clipboard of the terminal that shows it (OSC 52), rings it,
  /// then DEL, a C1 CSI and a right-to-left override.
  static let hostile = "\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}\u{7F}\u{9B}\u{202E}x"
  /// `hostile` as TSV and messages write it.
  static let escapedText = #"\x1B]52;c;ZWNobyBwd25lZA==\x07\x7F\x9B\u202Ex"#
  /// `hostile` as a JSON string's contents.
  static let escapedJSON = #"\u001B]52;c;ZWNobyBwd25lZA==\u0007\u007F\u009B\u202Ex"#

  /// A users.json of one person whose display name, title and manager
  /// carry `hostile`.
  private func hostileDirectory() throws -> (TemporaryDirectory, String) {
    let folder = TemporaryDirectory()
    let people: [[String: String]] = [
      [
        "id": "u1", "username": "mallory", "displayName": "Mal " + Self.hostile,
        "title": Self.hostile, "manager": "boss" + Self.hostile,
      ]
    ]
    let data = try JSONSerialization.data(withJSONObject: ["people": people])
    return (folder, folder.write("users.json", data))
  }

  /// The scalars a terminal acts on rather than shows, in `text`; tab and
  /// newline (the TSV's own separators) allowed.
  static func terminalControls(in text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      let value = scalar.value
      guard scalar != "\n", scalar != "\t" else { return false }
      return value < 0x20 || (0x7F...0x9F).contains(value)
        || [
          0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
          0x061C,
        ].contains(value)
    }.map { String(format: "U+%04X", $0.value) }
  }

  func testAHostileNameIsPrintedAsTextInTSVAndNeverReachesTheTerminal() throws {
    let (folder, file) = try hostileDirectory()
    let run = try RosterProcess.run([
      "list", "--source", file, "--columns", "username,displayName,title,manager",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(Self.terminalControls(in: run.output), [])
    XCTAssertEqual(
      run.output,
      "username\tdisplayName\ttitle\tmanager\nmallory\tMal \(Self.escapedText)\t"
        + "\(Self.escapedText)\tboss\(Self.escapedText)\n")
    _ = folder
  }

  func testAHostileNameIsPrintedAsEscapesInJSONLines() throws {
    let (folder, file) = try hostileDirectory()
    let run = try RosterProcess.run([
      "list", "--source", file, "--columns", "username,title", "--format", "jsonl",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(Self.terminalControls(in: run.output), [])
    XCTAssertEqual(run.output, "{\"username\":\"mallory\",\"title\":\"\(Self.escapedJSON)\"}\n")
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: String]
    XCTAssertEqual(object?["title"], Self.hostile, "a JSON reader gets the value back")
    _ = folder
  }

  func testAPersonWithAHostileManagerWarnsInPlainText() throws {
    let (folder, file) = try hostileDirectory()
    let run = try RosterProcess.run(["person", "--source", file, "mallory"])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(Self.terminalControls(in: run.output), [])
    XCTAssertEqual(Self.terminalControls(in: run.errors), [])
    XCTAssertTrue(run.output.contains("Mal \(Self.escapedText)"), run.output)
    XCTAssertEqual(
      run.errors,
      "roster person: mallory's manager “boss\(Self.escapedText)” is not in the directory\n")
    _ = folder
  }
}
