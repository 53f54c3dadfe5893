import Directory
import Foundation
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

  func testAnUnknownFormatFailsAtOnce() throws {
    let folder = TemporaryDirectory()
    let start = ContinuousClock.now
    let run = try run(
      ["export", "--format", "xlsx", "--output", folder.url.appendingPathComponent("x").path])
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
    XCTAssertNotEqual(run.status, 0)
    XCTAssertTrue(run.errors.contains("--format takes csv, vcard, ldif, json"), run.errors)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testAFolderThatCannotTakeTheFileFailsAtOnce() throws {
    let folder = TemporaryDirectory()
    let missing = folder.url.appendingPathComponent("missing/people.csv").path
    let start = ContinuousClock.now
    let run = try run(
      ["export", "--source", Self.users, "--format", "csv", "--output", missing])
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(1))
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
