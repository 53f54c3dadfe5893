import Directory
import Foundation
import SharedSupport
import TestSupport
import XCTest

/// `roster export` on the embedded directory (data/users.json): the people
/// `roster list` prints with the same options, in every format; a users.json
/// written by it lists the same as the original; bad options and folders
/// fail at once, leaving any file there as it was. The built binary run as
/// a script runs it.
final class ExportCommandTests: XCTestCase {
  private static let users = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("data/users.json").path

  private func run(_ arguments: [String]) throws -> RosterProcess.Run {
    try RosterProcess.run(arguments)
  }

  func testEveryFormatHoldsThePeopleListPrintsInItsOrder() throws {
    let folder = TemporaryDirectory()
    let view = [
      "--source", Self.users, "--filter", #"title co "Engineer""#, "--sort",
      "location,displayName:desc",
    ]
    let listed = try run(["list"] + view + ["--columns", "username"])
    XCTAssertEqual(listed.status, 0, listed.errors)
    let usernames = listed.output.split(separator: "\n").dropFirst().map(String.init)
    XCTAssertGreaterThan(usernames.count, 20)
    for format in PersonExportFormat.allCases {
      let file = folder.url.appendingPathComponent("people.\(format.fileExtension)").path
      let export = try run(["export"] + view + ["--format", format.rawValue, "--output", file])
      XCTAssertEqual(export.status, 0, export.errors)
      XCTAssertEqual(export.errors, "", "no progress when standard error is not a terminal")
      let text = try String(contentsOfFile: file, encoding: .utf8)
      let written: [String]
      switch format {
      case .csv:
        written = text.components(separatedBy: "\r\n").dropFirst().dropLast()
          .map { String($0.prefix { $0 != "," }) }
      case .vcard:
        written = Self.values(of: "X-ROSTER-USERNAME:", in: text, lineEnd: "\r\n")
      case .ldif:
        written = try LDIFReader.entries(Array(text.utf8)).compactMap {
          $0.first { $0.name == "uid" }?.text
        }
      case .json:
        let people = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        written = (people ?? []).compactMap { $0["username"] as? String }
      }
      XCTAssertEqual(written.count, usernames.count, "\(format)")
      XCTAssertEqual(written.firstIndex { !usernames.contains($0) }, nil, "\(format)")
      XCTAssertTrue(written == usernames, "\(format): the order of roster list")
    }
  }

  func testAnExportedUsersJSONListsAsTheOriginalDoes() throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("copy.json").path
    let export = try run(["export", "--source", Self.users, "--format", "json", "--output", file])
    XCTAssertEqual(export.status, 0, export.errors)
    let columns = PersonField.allCases.map(\.rawValue).joined(separator: ",")
    let original = try run(["list", "--source", Self.users, "--columns", columns])
    let copy = try run(["list", "--source", file, "--columns", columns])
    XCTAssertEqual(copy.status, 0, copy.errors)
    XCTAssertGreaterThan(original.output.count, 10_000)
    XCTAssertEqual(copy.output, original.output)
  }

  /// "At once" is before the source is touched: the source is a server
  /// that never answers, so a command that reached it would wait for its
  /// operation timeout; the server counts whether it was reached at all.
  func testAnUnknownFormatFailsAtOnce() throws {
    let folder = TemporaryDirectory()
    let source = try SilentSource()
    defer { source.stop() }
    let run = try run(
      [
        "export", "--source", source.url, "--format", "xlsx", "--output",
        folder.url.appendingPathComponent("x").path,
      ])
    XCTAssertEqual(source.connections, 0, "the source was reached before the format was checked")
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.errors.contains("--format takes csv, vcard, ldif, json"), run.errors)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testAFolderThatCannotTakeTheFileFailsAtOnce() throws {
    let folder = TemporaryDirectory()
    let missing = folder.url.appendingPathComponent("missing/people.csv").path
    let source = try SilentSource()
    defer { source.stop() }
    let run = try run(
      ["export", "--source", source.url, "--format", "csv", "--output", missing])
    XCTAssertEqual(source.connections, 0, "the source was reached before the folder was checked")
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.errors.hasPrefix("roster export: cannot write in the folder"), run.errors)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testAFailedExportLeavesTheFileThereAsItWas() throws {
    let folder = TemporaryDirectory()
    let file = folder.write("people.csv", Array("kept\n".utf8))
    let run = try run(
      [
        "export", "--source", Self.users, "--group", "No Such Group", "--format", "csv", "--output",
        file,
      ])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.errors.hasPrefix("roster export: "), run.errors)
    XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "kept\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["people.csv"])
  }

  /// The values of the lines that start with `prefix`, in order.
  private static func values(of prefix: String, in text: String, lineEnd: String) -> [String] {
    text.components(separatedBy: lineEnd).filter { $0.hasPrefix(prefix) }
      .map { String($0.dropFirst(prefix.count)) }
  }
}

/// A directory server on 127.0.0.1 that takes connections, counts them and
/// never says a word: a command that reads it waits for its operation
/// timeout, and a test can tell whether the command reached it at all.
///
/// Threading: `Sendable`; the count is behind a lock.
private final class SilentSource: Sendable {
  private let listener: TCPListener
  private let count: Locked<Int>

  init() throws {
    let count = Locked(0)
    listener = try TCPListener { client in
      count.withLock { $0 += 1 }
      var buffer = [UInt8](repeating: 0, count: 512)
      while read(client, &buffer, buffer.count) > 0 {}
    }
    self.count = count
  }

  /// An LDAP URL of people on it.
  var url: String { "ldap://127.0.0.1:\(listener.port)/ou=people,dc=example,dc=org??one" }

  /// Connections it has taken so far.
  var connections: Int { count.withLock { $0 } }

  func stop() { listener.stop() }
}
