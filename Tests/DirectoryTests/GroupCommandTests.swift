import Foundation
import TestSupport
import XCTest

/// `roster list --groups`, `roster list --group` and the groups `roster
/// person` prints, on a users.json in the object form: the built binary run
/// as a script runs it.
final class GroupCommandTests: XCTestCase {
  private static let directory = """
    {"people": [
       {"username": "ada", "title": "Engineer", "department": "R&D"},
       {"username": "grace", "title": "Admiral"},
       {"username": "linus", "title": "Engineer"},
       {"username": "ken"}],
     "groups": [
       {"id": "eng", "name": "Engineering", "members": ["linus", "ada"], "groups": ["ops"]},
       {"id": "ops", "name": "Ops\\tTeam", "members": ["ken", "ada"]},
       {"id": "empty", "name": "Nobody"}]}
    """

  private func users() throws -> (TemporaryDirectory, String) {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("users.json")
    try Self.directory.write(to: file, atomically: true, encoding: .utf8)
    return (folder, file.path)
  }

  func testTheGroupsAreListedWithTheirSizes() throws {
    let (folder, file) = try users()
    _ = folder
    let tsv = try RosterProcess.run(["list", "--source", file, "--groups"])
    XCTAssertEqual(tsv.status, 0, tsv.errors)
    XCTAssertEqual(
      tsv.output,
      "group\tid\tmembers\tgroups\nEngineering\teng\t2\t1\nOps\\tTeam\tops\t2\t0\nNobody\tempty\t0\t0\n"
    )
    let jsonl = try RosterProcess.run(
      ["list", "--source", file, "--groups", "--format", "jsonl", "--limit", "1"])
    XCTAssertEqual(
      jsonl.output, #"{"group":"Engineering","id":"eng","members":2,"groups":1}"# + "\n")
  }

  func testAGroupsMembersAreFilteredAndSortedLikeEveryone() throws {
    let (folder, file) = try users()
    _ = folder
    let direct = try RosterProcess.run(
      ["list", "--source", file, "--group", "Engineering", "--columns", "username"])
    XCTAssertEqual(direct.status, 0, direct.errors)
    XCTAssertEqual(direct.output, "username\nada\nlinus\n")
    let nested = try RosterProcess.run(
      [
        "list", "--source", file, "--group", "eng", "--all-levels", "--columns", "username",
        "--sort", "username:desc",
      ])
    XCTAssertEqual(nested.output, "username\nlinus\nken\nada\n")
    let filtered = try RosterProcess.run(
      [
        "list", "--source", file, "--group", "eng", "--all-levels", "--columns", "username",
        "--filter", #"title eq "Engineer""#,
      ])
    XCTAssertEqual(filtered.output, "username\nada\nlinus\n")
    let none = try RosterProcess.run(["list", "--source", file, "--group", "Sales"])
    XCTAssertNotEqual(none.status, 0)
    XCTAssertEqual(none.errors, "roster list: the directory has no group named “Sales”\n")
  }

  func testAPersonComesWithTheirGroups() throws {
    let (folder, file) = try users()
    _ = folder
    let run = try RosterProcess.run(["person", "--source", file, "--columns", "username", "ada"])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(
      run.output,
      "username\nada\n\ngroup\tid\tmembers\tgroups\nEngineering\teng\t2\t1\nOps\\tTeam\tops\t2\t0\n"
    )
    let alone = try RosterProcess.run(
      ["person", "--source", file, "--columns", "username", "--format", "jsonl", "grace"])
    XCTAssertEqual(alone.output, #"{"username":"grace"}"# + "\n")
  }

  func testAnArrayFileHasNoGroupsToList() throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("users.json")
    try #"[{"username": "ada"}]"#.write(to: file, atomically: true, encoding: .utf8)
    let run = try RosterProcess.run(["list", "--source", file.path, "--group", "x"])
    XCTAssertNotEqual(run.status, 0)
    XCTAssertEqual(run.errors, "roster list: the directory has no groups\n")
    let usage = try RosterProcess.run(["list", "--groups", "--filter", "username pr"])
    XCTAssertNotEqual(usage.status, 0)
    XCTAssertTrue(usage.errors.contains("--groups lists every group"), usage.errors)
  }
}
