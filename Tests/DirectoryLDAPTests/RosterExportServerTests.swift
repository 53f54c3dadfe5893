import Foundation
import LDAPDemo
import SharedSupport
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

  /// `--server-order` reads in the server's own order (no sort control):
  /// the same people, the same lines, in another order.
  func testTheServersOwnOrderHoldsTheSamePeople() throws {
    let server = try XCTUnwrap(Self.server)
    let folder = TemporaryDirectory()
    let sorted = try export(["--source", server.peopleURL], in: folder)
    let unsorted = try export(["--source", server.peopleURL, "--server-order"], in: folder)
    let sortedLines = sorted.components(separatedBy: "\r\n")
    let unsortedLines = unsorted.components(separatedBy: "\r\n")
    XCTAssertEqual(unsortedLines.first, sortedLines.first, "the header")
    XCTAssertEqual(unsortedLines.count, Self.people.count + 2)
    XCTAssertEqual(unsortedLines.sorted(), sortedLines.sorted())
    XCTAssertNotEqual(unsortedLines, sortedLines, "the server keeps the people sorted already")
    let refused = try RosterProcess.run(
      [
        "export", "--source", server.peopleURL, "--server-order", "--sort", "username",
        "--format", "csv", "--output", folder.url.appendingPathComponent("x.csv").path,
      ])
    XCTAssertNotEqual(refused.status, 0)
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

  /// Ctrl+C (SIGINT) while `roster export` waits on the server cancels it:
  /// the temporary file beside the destination goes, nothing is written,
  /// and the command says so and ends with 130.
  func testAnInterruptedExportLeavesNothingBehind() async throws {
    let server = try XCTUnwrap(Self.server)
    let proxy = try await DelayingTCPProxy.start(targetPort: server.server.port, delays: 0...0)
    proxy.pause()
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("people.csv")
    let process = Process()
    process.executableURL = RosterProcess.url
    process.arguments = [
      "export", "--source", "ldap://127.0.0.1:\(proxy.port)/ou=people,\(TestServer.suffix)??one",
      "--format", "csv", "--output", file.path,
      // A schema named: no root DSE is read (and held back) before the export begins.
      "--ldap-schema", "openldap",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let reader = PipeReader(descriptor: errors.fileHandleForReading.fileDescriptor)
    // The export has begun once its temporary file is there; the server's
    // answers are held back, so it stays begun.
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(20)
    while try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty,
      clock.now < deadline, process.isRunning
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    XCTAssertTrue(process.isRunning, "the export ended before it was interrupted")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 1)
    let interrupted = clock.now
    kill(process.processIdentifier, SIGINT)
    while process.isRunning, clock.now < interrupted + .seconds(10) {
      try await Task.sleep(for: .milliseconds(10))
    }
    XCTAssertFalse(process.isRunning, "the export went on")
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 130)
    XCTAssertEqual(
      String(decoding: reader.wait(), as: UTF8.self),
      "roster export: interrupted; nothing was written\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    proxy.resume()
    try await proxy.stop()
  }
}
