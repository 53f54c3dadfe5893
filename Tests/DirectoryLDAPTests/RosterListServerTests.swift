import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// `roster list` against slapd prints, line for line, what it prints for a
/// users.json holding the same people, for the same filter, order and
/// columns: the built `roster` binary run as a process.
final class RosterListServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let people = QueryPerson.people(count: 150, seed: 2027)

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: QueryPerson.scrambled(people).map(\.ldif))
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  /// Runs `roster list` with `arguments`; its standard output, or a failure
  /// with its standard error.
  private func list(_ arguments: [String]) throws -> String {
    let run = try RosterProcess.run(["list"] + arguments)
    XCTAssertEqual(run.status, 0, "roster list: \(run.errors)")
    return run.output
  }

  func testAnAnonymousCheckOfAServerThatShowsEverything() throws {
    // slapd shows everyone everything here: no word of hidden details.
    let server = try XCTUnwrap(Self.server)
    let run = try RosterProcess.run(["check", "--source", server.peopleURL])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(run.output.contains("Directory: OpenLDAP\n"), run.output)
    XCTAssertTrue(run.output.contains("Signed in as: anonymous\n"), run.output)
    XCTAssertFalse(run.output.contains("Shown to anonymous readers"), run.output)
  }

  func testAURLWithoutABaseSaysWhatTheServerHolds() throws {
    // slapd's root DSE names its tree, not where the people are: an empty
    // base would find nobody, so it is an error that names the tree.
    let server = try XCTUnwrap(Self.server)
    let run = try RosterProcess.run([
      "list", "--source", "ldap://127.0.0.1:\(server.server.port)",
    ])
    XCTAssertNotEqual(run.status, 0)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(
      run.errors.hasPrefix(
        "roster list: The URL names no base DN: the directory server holds \(TestServer.suffix);"),
      run.errors)
  }

  func testTheServerPrintsTheLinesTheLocalFilePrints() throws {
    let server = try XCTUnwrap(Self.server)
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("users.json")
    try QueryPerson.usersJSON(Self.people).write(to: file)
    let columns = "username,displayName,email,title,department,location,role"
    let queries: [[String]] = [
      [
        "--filter",
        #"department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)"#,
        "--sort", "department,displayName",
      ],
      ["--filter", #"title ne "Engineer" and displayName gt "Dario""#, "--sort", "title:desc"],
      ["--sort", "location:desc,displayName", "--format", "jsonl", "--limit", "230"],
      ["--limit", "7"],
    ]
    for query in queries {
      let local = try list(["--source", file.path, "--columns", columns] + query)
      let served = try list(["--source", server.peopleURL, "--columns", columns] + query)
      XCTAssertGreaterThan(local.split(separator: "\n").count, 2, "\(query)")
      XCTAssertEqual(served, local, "\(query)")
    }
  }

  func testARefusedServerFailsWithItsError() throws {
    let run = try RosterProcess.run(["list", "--source", "ldap://127.0.0.1:1/dc=example,dc=org"])
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.errors.hasPrefix("roster list: "), run.errors)
  }
}
