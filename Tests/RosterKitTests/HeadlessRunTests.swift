import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// `roster --quit-after-load` (what `make run` does without a display)
/// prints what it opened and exits with the load's status: a users.json's
/// count and load time, a missing file's reason, a directory server's
/// count and first range. The built `roster` binary run as a process, on
/// the display the tests run on (a window opens).
final class HeadlessRunTests: XCTestCase {
  private static let people = QueryPerson.people(count: 60, seed: 3141)

  /// Runs Roster headless on `source` with `arguments` after it.
  private func run(source: String, _ arguments: [String] = []) throws -> RosterProcess.Run {
    try RosterProcess.run(
      ["--source", source, "--quit-after-load"] + arguments, environment: ["GSK_RENDERER": "cairo"])
  }

  /// The lines of `output` that start with `prefix`.
  private func lines(_ output: String, starting prefix: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
  }

  func testAUsersFileSaysHowManyPeopleItLoaded() throws {
    let folder = try TemporaryDirectory()
    let file = folder.folder.appendingPathComponent("users.json")
    try QueryPerson.usersJSON(Self.people).write(to: file)
    let run = try run(source: file.path, ["--search", Self.people[3].username])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(lines(run.output, starting: "source: "), ["source: \(file.path)"])
    XCTAssertEqual(
      lines(run.output, starting: "users loaded: "),
      ["users loaded: \(Self.people.count) (skipped 0, cut 0)"])
    XCTAssertEqual(lines(run.output, starting: "load time: ").count, 1, run.output)
    XCTAssertEqual(lines(run.output, starting: "first rows on screen: ").count, 1, run.output)
  }

  func testAMissingFileSaysWhyAndFails() throws {
    let folder = try TemporaryDirectory()
    let missing = folder.folder.appendingPathComponent("nobody.json").path
    let run = try run(source: missing)
    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertEqual(
      lines(run.output, starting: "load failed: "), ["load failed: No file at \(missing)"])
    XCTAssertTrue(lines(run.output, starting: "users loaded: ").isEmpty, run.output)
  }

  func testADirectoryServerSaysHowManyPeopleItHolds() throws {
    let server = try TestServer(people: Self.people.map(\.ldif))
    defer { server.shutDown() }
    let run = try run(source: server.peopleURL)
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(lines(run.output, starting: "source: "), ["source: \(server.peopleURL)"])
    XCTAssertEqual(
      lines(run.output, starting: "people on the server: "),
      ["people on the server: \(Self.people.count) (read a window at a time)"], run.output)
    XCTAssertEqual(lines(run.output, starting: "first window: ").count, 1, run.output)
    XCTAssertEqual(lines(run.output, starting: "first rows on screen: ").count, 1, run.output)
  }
}
