import Foundation
import TestSupport
import XCTest

/// `roster person` and `roster list --reports-to` on a users.json: the
/// built binary run as a script runs it.
final class OrgCommandTests: XCTestCase {
  /// ceo ← vp ← lead ← dev, a dangling manager and a cycle.
  private static let people = """
    [{"username": "ceo", "displayName": "Cy Ceo"},
     {"username": "vp", "manager": "ceo"},
     {"username": "lead", "manager": "vp", "title": "Lead"},
     {"username": "dev", "manager": "lead"},
     {"username": "ops", "manager": "vp"},
     {"username": "lost", "manager": "ghost"},
     {"username": "a", "manager": "b"},
     {"username": "b", "manager": "a"}]
    """

  private func users() throws -> (TemporaryDirectory, String) {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("users.json")
    try Self.people.write(to: file, atomically: true, encoding: .utf8)
    return (folder, file.path)
  }

  func testAPersonComesWithTheirManagersUpToTheTop() throws {
    let (folder, file) = try users()
    _ = folder
    let run = try RosterProcess.run(
      ["person", "--source", file, "--columns", "username,displayName,title", "dev"])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(
      run.output,
      "username\tdisplayName\ttitle\ndev\t\t\nlead\t\tLead\nvp\t\t\nceo\tCy Ceo\t\n")
    XCTAssertEqual(run.errors, "")
  }

  func testAChainThatEndsOutsideTheDirectoryOrComesRoundSaysSo() throws {
    let (folder, file) = try users()
    _ = folder
    let lost = try RosterProcess.run(
      ["person", "--source", file, "--columns", "username", "--format", "jsonl", "lost"])
    XCTAssertEqual(lost.status, 0)
    XCTAssertEqual(lost.output, #"{"username":"lost"}"# + "\n")
    XCTAssertEqual(lost.errors, "roster person: lost's manager “ghost” is not in the directory\n")
    let cycle = try RosterProcess.run(["person", "--source", file, "--columns", "username", "a"])
    XCTAssertEqual(cycle.output, "username\na\nb\n")
    XCTAssertEqual(
      cycle.errors, "roster person: the managers come round to a again; the chain stops there\n")
    let nobody = try RosterProcess.run(["person", "--source", file, "nobody"])
    XCTAssertNotEqual(nobody.status, 0)
    XCTAssertEqual(
      nobody.errors, "roster person: no one in the directory has the username “nobody”\n")
  }

  func testAManagersReportsAreListedFilteredAndSorted() throws {
    let (folder, file) = try users()
    _ = folder
    let direct = try RosterProcess.run(
      ["list", "--source", file, "--columns", "username", "--reports-to", "vp"])
    XCTAssertEqual(direct.output, "username\nlead\nops\n", direct.errors)
    let all = try RosterProcess.run(
      [
        "list", "--source", file, "--columns", "username", "--reports-to", "ceo", "--all-levels",
        "--sort", "username:desc",
      ])
    XCTAssertEqual(all.output, "username\nvp\nops\nlead\ndev\n", all.errors)
    let filtered = try RosterProcess.run(
      [
        "list", "--source", file, "--columns", "username", "--reports-to", "ceo", "--all-levels",
        "--filter", #"title eq "Lead""#,
      ])
    XCTAssertEqual(filtered.output, "username\nlead\n", filtered.errors)
    let alone = try RosterProcess.run(["list", "--source", file, "--all-levels"])
    XCTAssertNotEqual(alone.status, 0)
    XCTAssertTrue(alone.errors.contains("--all-levels goes with --reports-to"), alone.errors)
  }
}
