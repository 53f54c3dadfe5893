import Directory
import Foundation
import TestSupport
import XCTest

/// JSON export is a users.json: Roster's own parser reads back exactly the
/// people that went out, hostile ones included, and so does a JSON reader
/// that is not Roster's.
final class JSONExportTests: XCTestCase {
  func testRostersParserReadsTheHostileCorpusBackUnchanged() async throws {
    let folder = TemporaryDirectory()
    let table = ExportCorpus.table()
    let bytes = try await ExportCorpus.export(table, as: PersonExport(format: .json), in: folder)
    let file = folder.url.appendingPathComponent("people.json")
    let contents = try DirectoryContents(parsing: bytes, from: .file(file))
    XCTAssertEqual(contents.skippedEntries, 0, "\(contents.warnings)")
    XCTAssertEqual(contents.cutEntries, 0, "\(contents.warnings)")
    XCTAssertEqual(contents.viewModels.userCount, table.userCount)
    for index in 0..<table.userCount {
      XCTAssertEqual(contents.viewModels.user(at: index), table.user(at: index), "person \(index)")
    }
    XCTAssertEqual(contents.viewModels, table)
  }

  func testFoundationsJSONReaderReadsTheSameValues() async throws {
    let folder = TemporaryDirectory()
    let table = ExportCorpus.table(count: 50, seed: 7)
    let bytes = try await ExportCorpus.export(table, as: PersonExport(format: .json), in: folder)
    let people = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: String]])
    XCTAssertEqual(people.count, table.userCount)
    for (index, person) in people.enumerated() {
      // Everyone is active: "active" is written only as false.
      for field in PersonField.allCases where field != .active {
        XCTAssertEqual(
          person[field.rawValue], table.text(of: field, at: index), "\(index) \(field)")
      }
      XCTAssertNil(person["active"])
      XCTAssertEqual(person["id"], "id-\(index)")
    }
  }

  func testAnEmptyViewIsAnEmptyArray() async throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("none.json")
    let table = ExportCorpus.table(count: 3)
    _ = try await PersonExporter.export(
      table, positions: [], as: PersonExport(format: .json), to: file)
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "[]\n")
  }

  func testOnlyThePositionsAskedForAreWrittenInTheirOrder() async throws {
    let folder = TemporaryDirectory()
    let file = folder.url.appendingPathComponent("some.json")
    let table = UserTable(["a", "b", "c", "d"].map { User(username: $0) })
    _ = try await PersonExporter.export(
      table, positions: [3, 1], as: PersonExport(format: .json, columns: [.username]), to: file)
    let contents = try DirectoryContents(parsing: try Data(contentsOf: file), from: .file(file))
    XCTAssertEqual(contents.viewModels.users.map(\.username), ["d", "b"])
  }
}
