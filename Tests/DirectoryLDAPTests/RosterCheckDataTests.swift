import Foundation
import TestSupport
import XCTest

/// `roster check-data` on a users.json, the built `roster` binary run as a
/// process: a planted loop, an unknown manager and a shared address are
/// printed one a line and the exit status says something was found; a
/// clean file prints only the header and exits 0.
final class RosterCheckDataTests: XCTestCase {
  /// A users.json of `people` (username, manager's id, email, active).
  private func usersFile(_ people: [(String, String?, String, Bool)], in folder: TemporaryDirectory)
    throws -> String
  {
    let json = people.map { username, manager, email, active in
      var person: [String: Any] = [
        "id": "id-\(username)", "username": username, "displayName": username.capitalized,
        "email": email, "phone": "+49 30 1000\(username.count)", "active": active,
      ]
      if let manager { person["manager"] = "id-\(manager)" }
      return person
    }
    let file = folder.url.appendingPathComponent("users.json")
    try JSONSerialization.data(withJSONObject: ["people": json]).write(to: file)
    return file.path
  }

  func testProblemsArePrintedAndTheStatusSaysSo() throws {
    let folder = TemporaryDirectory()
    let source = try usersFile(
      [
        ("ceo", nil, "ceo@example.com", true),
        ("ann", "bob", "ann@example.com", true),
        ("bob", "ann", "bob@example.com", true),
        ("cid", "gone", "CEO@example.com", true),
      ], in: folder)
    let run = try RosterProcess.run(["check-data", "--source", source])
    XCTAssertEqual(run.status, 1, run.errors)
    XCTAssertEqual(
      run.output,
      """
      check\tusername\tdisplayName\tdetail
      unknown-manager\tcid\tCid\tid-gone
      manager-loop\tann\tAnn\tann → bob → ann
      manager-loop\tbob\tBob\tbob → ann → bob
      duplicate-email\tceo\tCeo\tceo@example.com: also cid
      duplicate-email\tcid\tCid\tceo@example.com: also ceo

      """)
    let loops = try RosterProcess.run([
      "check-data", "--source", source, "--check", "manager-loop", "--format", "jsonl",
    ])
    XCTAssertEqual(loops.status, 1, loops.errors)
    XCTAssertEqual(loops.output.split(separator: "\n").count, 2, loops.output)
    XCTAssertTrue(
      loops.output.hasPrefix(#"{"check":"manager-loop","username":"ann","displayName":"Ann""#),
      loops.output)
  }

  func testACleanDirectoryPrintsTheHeaderAlone() throws {
    let folder = TemporaryDirectory()
    let source = try usersFile(
      [("ceo", nil, "ceo@example.com", true), ("ann", "ceo", "ann@example.com", true)],
      in: folder)
    let run = try RosterProcess.run(["check-data", "--source", source])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(run.output, "check\tusername\tdisplayName\tdetail\n")
  }

  func testAnUnknownCheckIsRefused() throws {
    let run = try RosterProcess.run(["check-data", "--check", "spelling"])
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.errors.contains("no check named “spelling”"), run.errors)
  }
}
