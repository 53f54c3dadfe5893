import Directory
import Foundation
import XCTest

/// Sorting a table by any field: in the user's locale, ties by username,
/// people without a value last, descending keys, and within a filter's
/// matches only.
final class PersonSortTests: XCTestCase {
  private static let people = [
    User(username: "zoe", details: PersonDetails(displayName: "Zoë", department: "Sales")),
    User(username: "bert", details: PersonDetails(displayName: "Bert", department: "People")),
    User(username: "alva", details: PersonDetails(displayName: "Älva", department: "Sales")),
    User(username: "adam", details: PersonDetails(displayName: "adam")),
    User(username: "nobody"),
    User(username: "amy", details: PersonDetails(displayName: "Bert", department: "Ärzte")),
  ]

  /// Runs `body` with the process's collation set to `locale`.
  private func withCollation(_ locale: String, _ body: () throws -> Void) throws {
    let previous = String(cString: setlocale(LC_COLLATE, nil))
    guard setlocale(LC_COLLATE, locale) != nil else {
      return XCTFail("the \(locale) locale is not installed (scripts/install-deps.sh makes it)")
    }
    defer { setlocale(LC_COLLATE, previous) }
    try body()
  }

  private func sorted(_ order: String, within: [Int]? = nil) throws -> [String] {
    let table = UserTable(Self.people)
    let positions = try XCTUnwrap(
      table.sortedPositions(by: try PersonSort(parsing: order), within: within))
    return positions.map { table.username(at: $0) }
  }

  func testTextSortsInTheUsersLocaleNotByBytes() throws {
    try withCollation("de_DE.utf8") {
      // German: case and umlauts are second-level differences.
      XCTAssertEqual(
        try sorted("displayName"), ["adam", "alva", "amy", "bert", "zoe", "nobody"],
        "ties (two Berts) by username; no display name last")
      XCTAssertEqual(
        try sorted("department,displayName"), ["amy", "bert", "alva", "zoe", "adam", "nobody"])
    }
    try withCollation("C") {
      XCTAssertEqual(
        try sorted("displayName"), ["amy", "bert", "zoe", "adam", "alva", "nobody"],
        "the C locale orders by bytes: this is what the locale changes")
    }
  }

  func testDescendingKeysAndASubsetOfPeople() throws {
    try withCollation("de_DE.utf8") {
      XCTAssertEqual(
        try sorted("displayName:desc"), ["zoe", "amy", "bert", "alva", "adam", "nobody"],
        "reversed, ties still by username, no value still last")
      XCTAssertEqual(
        try sorted("department:desc,username", within: [0, 2, 4, 5]),
        ["alva", "zoe", "amy", "nobody"])
    }
  }

  func testAnOrderIsWrittenAsOnTheCommandLine() throws {
    let order = try PersonSort(parsing: "department, displayName:DESC")
    XCTAssertEqual(
      order.keys, [.init(.department), .init(.displayName, descending: true)])
    XCTAssertEqual(order.description, "department,displayName:desc")
    XCTAssertThrowsError(try PersonSort(parsing: "age")) {
      XCTAssertTrue("\($0)".contains("unknown field"), "\($0)")
    }
    XCTAssertThrowsError(try PersonSort(parsing: "title:up"))
    XCTAssertNil(
      UserTable(Self.people).sortedPositions(by: order, isCancelled: { true }), "cancelled")
  }
}
