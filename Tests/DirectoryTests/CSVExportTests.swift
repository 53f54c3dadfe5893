import Directory
import Foundation
import TestSupport
import XCTest

/// CSV export: RFC 4180 quoting, and cells a spreadsheet would run as a
/// formula written so that it shows them as text; Python's csv module
/// reads every hostile person back as they were.
final class CSVExportTests: XCTestCase {
  /// One person's `displayName` exported as CSV: the line after the header.
  private func cell(_ value: String) async throws -> String {
    let folder = TemporaryDirectory()
    let table = UserTable([User(username: "u", details: PersonDetails(displayName: value))])
    let bytes = try await ExportCorpus.export(
      table, as: PersonExport(format: .csv, columns: [.displayName]), in: folder)
    let header = Array("displayName\r\n".utf8)
    XCTAssertEqual(Array(bytes.prefix(header.count)), header)
    XCTAssertEqual(Array(bytes.suffix(2)), Array("\r\n".utf8))
    return String(decoding: bytes.dropFirst(header.count).dropLast(2), as: UTF8.self)
  }

  func testAFormulaCellStartsWithAQuoteInsideQuotes() async throws {
    let formula = try await cell("=1+2")
    XCTAssertEqual(formula, "\"'=1+2\"")
    let plus = try await cell("+SUM(A1)")
    XCTAssertEqual(plus, "\"'+SUM(A1)\"")
    let minus = try await cell("-2+3")
    XCTAssertEqual(minus, "\"'-2+3\"")
    let at = try await cell("@cmd")
    XCTAssertEqual(at, "\"'@cmd\"")
    let tab = try await cell("\t=x")
    XCTAssertEqual(tab, "\"'\t=x\"")
    let carriageReturn = try await cell("\r=x")
    XCTAssertEqual(carriageReturn, "\"'\r=x\"")
    let quotedFormula = try await cell("=HYPERLINK(\"http://x\")")
    XCTAssertEqual(quotedFormula, "\"'=HYPERLINK(\"\"http://x\"\")\"")
  }

  func testQuotesCommasAndLineBreaksAreQuotedAndPlainTextIsNot() async throws {
    let quote = try await cell("say \"hi\"")
    XCTAssertEqual(quote, "\"say \"\"hi\"\"\"")
    let comma = try await cell("a,b")
    XCTAssertEqual(comma, "\"a,b\"")
    let newline = try await cell("a\nb")
    XCTAssertEqual(newline, "\"a\nb\"")
    let crlf = try await cell("a\r\nb")
    XCTAssertEqual(crlf, "\"a\r\nb\"")
    let plain = try await cell("Ada Lovelace")
    XCTAssertEqual(plain, "Ada Lovelace")
    let inner = try await cell("a=b-c")
    XCTAssertEqual(inner, "a=b-c", "only a leading character makes a formula")
    let empty = try await cell("")
    XCTAssertEqual(empty, "")
  }

  func testTheHeaderNamesTheChosenColumnsInOrder() async throws {
    let folder = TemporaryDirectory()
    let table = UserTable([User(username: "ada", role: .admin)])
    let bytes = try await ExportCorpus.export(
      table, as: PersonExport(format: .csv, columns: [.role, .username]), in: folder)
    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "role,username\r\nAdmin,ada\r\n")
  }

  func testPythonsCSVReaderReadsEveryHostilePersonBack() async throws {
    let folder = TemporaryDirectory()
    let table = ExportCorpus.table()
    _ = try await ExportCorpus.export(table, as: PersonExport(format: .csv), in: folder)
    let read = try ExportCorpus.python(
      """
      import csv, json, sys
      with open(sys.argv[1], newline="", encoding="utf-8") as f:
          json.dump(list(csv.reader(f, strict=True)), sys.stdout)
      """, [folder.url.appendingPathComponent("people.csv").path])
    let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: read) as? [[String]])
    XCTAssertEqual(rows.first, PersonField.allCases.map(\.rawValue))
    XCTAssertEqual(rows.count, table.userCount + 1)
    var formulas = 0
    for index in 0..<table.userCount {
      let expected = ExportCorpus.values(table, at: index)
      let cells = rows[index + 1]
      for (cell, value) in zip(cells, expected) where Self.isFormula(value) {
        XCTAssertEqual(cell, "'" + value, "a formula shows as text")
        formulas += 1
      }
      XCTAssertEqual(cells.map(Self.withoutFormulaQuote), expected, "person \(index)")
    }
    XCTAssertGreaterThan(formulas, 20)
  }

  private static func isFormula(_ value: String) -> Bool {
    guard let first = value.unicodeScalars.first else { return false }
    return "=+-@\t\r".unicodeScalars.contains(first)
  }

  /// A cell as it was before the export quoted a formula.
  private static func withoutFormulaQuote(_ cell: String) -> String {
    cell.hasPrefix("'") && isFormula(String(cell.dropFirst())) ? String(cell.dropFirst()) : cell
  }
}
