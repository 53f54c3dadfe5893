import Foundation
import LDAPDemo
import TestSupport
import XCTest

/// `roster export` from slapd writes, byte for byte, the CSV it writes for
/// a users.json holding the same people, for the same filter, order and
/// columns: the server read a window at a time through the query the
/// window sends. The built `roster` binary run as a process.
final class RosterExportServerTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let people = QueryPerson.people(count: 1000, seed: 2031)

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: QueryPerson.scrambled(people).map(\.ldif))
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  /// The bytes `roster export` writes as CSV with `arguments`.
  private func export(_ arguments: [String], in folder: TemporaryDirectory) throws -> String {
    let file = folder.url.appendingPathComponent("export-\(UUID().uuidString).csv")
    let run = try RosterProcess.run(
      ["export", "--format", "csv", "--output", file.path] + arguments)
    XCTAssertEqual(run.status, 0, "roster export: \(run.errors)")
    return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }

  func testTheServersCSVIsTheLocalFilesCSV() throws {
    let server = try XCTUnwrap(Self.server)
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("users.json")
    try QueryPerson.usersJSON(Self.people).write(to: file)
    let columns = ["--columns", "username,displayName,email,title,department,location,role"]
    let queries: [[String]] = [
      [],
      [
        "--filter", #"department eq "Sales" or title co "Engineer""#, "--sort",
        "location:desc,displayName",
      ],
    ]
    for query in queries {
      let local = try export(["--source", file.path] + columns + query, in: folder)
      let served = try export(["--source", server.peopleURL] + columns + query, in: folder)
      XCTAssertGreaterThan(local.components(separatedBy: "\r\n").count, 300, "\(query)")
      XCTAssertEqual(served, local, "\(query)")
    }
  }

  func testARefusedServerFailsLeavingNoFile() throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("people.csv")
    let run = try RosterProcess.run(
      [
        "export", "--source", "ldap://127.0.0.1:1/dc=example,dc=org", "--format", "csv", "--output",
        file.path,
      ])
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.errors.hasPrefix("roster export: "), run.errors)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }
}
