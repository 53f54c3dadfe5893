import Directory
import Foundation
import LDAPDemo
import SharedSupport
import TestSupport
import XCTest

/// `roster changes` end to end: the built `roster` window keeps an offline
/// copy of a real slapd and its history, a change is made with
/// ldapmodify, and `roster changes` prints it from the history (TSV
/// escaped as `roster list` escapes, JSON Lines, `--since`, narrowed to a
/// group's people or a manager's reports as the server lists them), or
/// says there is no copy.
final class RosterChangesCommandTests: XCTestCase {
  private var server: TestServer!
  private var cache: URL!
  private let people = TestPeople.people(count: 30, seed: 83)

  override func setUpWithError() throws {
    try super.setUpWithError()
    // A group of two whose changes are made below, inside another.
    let mapmakers = LDIFGroup(
      cn: "Mapmakers", members: [TestServer.dn(people[3]), TestServer.dn(people[17])])
    let outer = LDIFGroup(cn: "Outer", members: [TestServer.dn(ofGroup: "Mapmakers")])
    server = try TestServer(people: people, groups: [mapmakers, outer]) { $0.contentSync = true }
    cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-changes-\(UUID().uuidString)")
  }

  override func tearDown() {
    server?.shutDown()
    try? FileManager.default.removeItem(at: cache)
    super.tearDown()
  }

  private var environment: [String: String] {
    ["XDG_CACHE_HOME": cache.path, "XDG_CONFIG_HOME": cache.appendingPathComponent("config").path]
  }

  /// The copy's folder under the cache, once Roster made it.
  private var copyFolder: URL? {
    let copies = cache.appendingPathComponent("roster/copies")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: copies.path)) ?? []
    return names.first.map { copies.appendingPathComponent($0) }
  }

  /// Starts the `roster` window on the server with its cache in the test's folder.
  private func startRoster() throws -> Process {
    let process = Process()
    process.executableURL = RosterProcess.url
    process.arguments = ["--source", server.peopleURL]
    process.environment = ProcessInfo.processInfo.environment.merging(
      environment.merging(["GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1"]) { $1 }
    ) { $1 }.merging(
      TestPreferences.environment(configHome: cache.appendingPathComponent("config"))
    ) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Waits (every 2 ms, at most 30 s: a deadline only a failure meets)
  /// until `condition` holds.
  private func wait(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      usleep(2_000)
    }
    return condition()
  }

  private func changes(_ arguments: [String]) throws -> RosterProcess.Run {
    try RosterProcess.run(
      ["changes", "--source", server.peopleURL] + arguments, environment: environment)
  }

  func testTheChangesTheWindowsCopySawArePrintedNewestFirst() throws {
    let none = try changes([])
    XCTAssertEqual(none.status, 1)
    XCTAssertTrue(none.errors.contains("no offline copy"), none.errors)
    XCTAssertEqual(none.output, "")

    let roster = try startRoster()
    defer {
      kill(roster.processIdentifier, SIGKILL)
      roster.waitUntilExit()
    }
    let copied = wait { copyFolder.map { ReplicaStore.holdsCopy(folder: $0) } ?? false }
    XCTAssertTrue(copied, "the window made no copy")
    let folder = try XCTUnwrap(copyFolder)
    let (promoted, leaver) = (people[3], people[20])
    // A title that would set a terminal's clipboard, were it written raw.
    let hostile = "Lead\u{1B}]52;c;aGk=\u{07}"
    try server.server.modify(
      ldif: """
        dn: uid=\(leaver.uid),ou=people,\(TestServer.suffix)
        changetype: delete

        dn: uid=\(promoted.uid),ou=people,\(TestServer.suffix)
        changetype: modify
        replace: title
        title: \(hostile)

        """)
    let seen = wait { ((try? ChangeHistory.changes(in: folder)) ?? nil)?.count == 2 }
    XCTAssertTrue(seen, "the window's copy kept no history of the changes")

    let tsv = try changes(["--since", "7d"])
    XCTAssertEqual(tsv.status, 0, tsv.errors)
    let lines = tsv.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "date\tkind\tusername\tname\tfield\told\tnew")
    XCTAssertEqual(lines.count, 3, tsv.output)
    let newest = lines[1].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(Array(newest.dropFirst()).count, 6)
    XCTAssertEqual(newest[1], "title")
    XCTAssertEqual(newest[2], promoted.uid)
    XCTAssertEqual(newest[4], "title")
    XCTAssertEqual(newest[5], promoted.title ?? "")
    XCTAssertEqual(newest[6], "Lead\\x1B]52;c;aGk=\\x07")
    XCTAssertFalse(tsv.output.contains("\u{1B}"), "no escape reaches the terminal")
    XCTAssertTrue(lines[2].hasPrefix(String(newest[0].prefix(4))), "dated the same year")
    XCTAssertEqual(
      Array(
        lines[2].split(separator: "\t", omittingEmptySubsequences: false).dropFirst().prefix(2)),
      ["left", Substring(leaver.uid)])
    // The date is the day it was seen, in UTC.
    let today = ChangeSince.isoText(Int64(Date().timeIntervalSince1970)).prefix(10)
    XCTAssertEqual(newest[0].prefix(10), today)

    let jsonl = try changes(["--since", "1h", "--format", "jsonl"])
    XCTAssertEqual(jsonl.status, 0, jsonl.errors)
    let objects = try jsonl.output.split(separator: "\n").map {
      try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])
    }
    XCTAssertEqual(objects.map { $0["kind"] }, ["title", "left"])
    XCTAssertEqual(objects.first?["new"], hostile, "JSON carries the value, escaped")
    XCTAssertFalse(jsonl.output.contains("\u{1B}"))

    let later = try changes(["--since", "2999-01-01"])
    XCTAssertEqual(later.status, 0, later.errors)
    XCTAssertEqual(later.output.split(separator: "\n").count, 1, "only the header")

    // Narrowed to a manager's people as the server lists them now: one
    // level, or everyone under them (the leaver is no longer listed).
    let (top, middle, report) = (people[0], people[4], people[17])
    XCTAssertEqual(middle.manager, TestServer.dn(top))
    XCTAssertEqual(report.manager, TestServer.dn(middle))
    try server.server.modify(
      ldif: """
        dn: uid=\(report.uid),ou=people,\(TestServer.suffix)
        changetype: modify
        replace: title
        title: Report's New Title

        """)
    let third = wait { ((try? ChangeHistory.changes(in: folder)) ?? nil)?.count == 3 }
    XCTAssertTrue(third)
    func usernames(_ arguments: [String]) throws -> [String] {
      let run = try changes(arguments)
      XCTAssertEqual(run.status, 0, run.errors)
      return run.output.split(separator: "\n").dropFirst().map {
        String($0.split(separator: "\t", omittingEmptySubsequences: false)[2])
      }
    }
    XCTAssertEqual(try usernames([]), [report.uid, promoted.uid, leaver.uid])
    XCTAssertEqual(try usernames(["--reports-to", middle.uid]), [report.uid])
    XCTAssertEqual(
      try usernames(["--reports-to", top.uid, "--all-levels"]), [report.uid, promoted.uid])
    XCTAssertEqual(try usernames(["--reports-to", top.uid]), [promoted.uid], "one level")
    XCTAssertEqual(try usernames(["--group", "Mapmakers"]), [report.uid, promoted.uid])
    XCTAssertEqual(try usernames(["--group", "Outer"]), [], "one level: a group, no people")
    XCTAssertEqual(
      try usernames(["--group", "Outer", "--all-levels"]), [report.uid, promoted.uid])
    let nobody = try changes(["--reports-to", "nobody.here"])
    XCTAssertEqual(nobody.status, 1)
    XCTAssertTrue(nobody.errors.contains("no one in the directory"), nobody.errors)

    let wrong = try changes(["--since", "yesterday"])
    XCTAssertNotEqual(wrong.status, 0)
    XCTAssertTrue(wrong.errors.contains("--since"), wrong.errors)
  }
}
