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
    XCTAssertEqual(tab, "\"'\t'=x\"", "after the tab, a cell of its own where lines split at tabs")
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

  func testACellAfterASemicolonCannotStartAFormulaWhereExcelSplitsAtSemicolons() async throws {
    // Excel in German and French locales splits a line at ";" and at tabs,
    // where no quote around the whole cell helps: the part after the
    // separator is a cell of its own.
    let semicolon = try await cell("x;=HYPERLINK(\"http://evil\")")
    XCTAssertEqual(semicolon, "\"x;'=HYPERLINK(\"\"http://evil\"\")\"")
    let tab = try await cell("x\t+1")
    XCTAssertEqual(tab, "\"x\t'+1\"")
    let plain = try await cell("a;b")
    XCTAssertEqual(plain, "\"a;b\"", "a semicolon is quoted")

    let folder = TemporaryDirectory()
    let values = ["x;=HYPERLINK(\"http://evil\")", "y;+1", "z;-2", "w;@cmd", "v\t=1", "=a;=b"]
    let table = UserTable(
      values.enumerated().map { number, value in
        User(username: "u\(number)", details: PersonDetails(displayName: value, title: value))
      })
    _ = try await ExportCorpus.export(
      table, as: PersonExport(format: .csv, columns: [.username, .displayName, .title]),
      in: folder)
    for delimiter in [";", "\t", ","] {
      let read = try ExportCorpus.python(
        """
        import csv, json, sys
        with open(sys.argv[1], newline="", encoding="utf-8") as f:
            json.dump(list(csv.reader(f, delimiter=sys.argv[2])), sys.stdout)
        """, [folder.url.appendingPathComponent("people.csv").path, delimiter])
      let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: read) as? [[String]])
      XCTAssertEqual(rows.count, values.count + 1)
      for cell in rows.joined() {
        XCTAssertFalse(
          cell.hasPrefix("=") || cell.hasPrefix("+") || cell.hasPrefix("-") || cell.hasPrefix("@"),
          "split at \(delimiter.debugDescription): \(cell.debugDescription)")
      }
    }
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
        XCTAssertTrue(cell.hasPrefix("'" + value.prefix(1)), "a formula shows as text")
        formulas += 1
      }
      XCTAssertEqual(cells, expected.map(Self.guarded), "person \(index)")
    }
    XCTAssertGreaterThan(formulas, 20)
  }

  private static func isFormula(_ value: String) -> Bool {
    guard let first = value.unicodeScalars.first else { return false }
    return "=+-@\t\r".unicodeScalars.contains(first)
  }

  /// `value` as a CSV reader reads it back: a single quote before a
  /// formula, at the start and after each semicolon or tab.
  private static func guarded(_ value: String) -> String {
    var out = isFormula(value) ? "'" : ""
    var afterSeparator = false
    for (offset, scalar) in value.unicodeScalars.enumerated() {
      if afterSeparator, offset > 0, isFormula(String(scalar)) { out += "'" }
      out.unicodeScalars.append(scalar)
      afterSeparator = scalar == ";" || scalar == "\t"
    }
    return out
  }
}
