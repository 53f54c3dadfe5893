import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// Six people in a users.json of their own, shown in a window's table: what
/// the table and filter bar tests start from, and how they read the rows.
///
/// Threading: main-actor only.
@MainActor
enum SixPeopleTable {
  /// Six people, each title different, one without a display name.
  static let people = [
    ("ada", "Ada Lovelace", "Engineer", "Research"),
    ("grace", "Grace Hopper", "Admiral", "Navy"),
    ("linus", nil, "Maintainer", "Kernel"),
    ("margaret", "Margaret Hamilton", "Director", "Apollo"),
    ("ken", "Ken Thompson", "Hacker", "Unix"),
    ("barbara", "Barbara Liskov", "Professor", "Research"),
  ]

  /// The names the rows show, in the file's order.
  static let everyone = people.map { $0.1 ?? $0.0 }

  /// The six people as users.json's array.
  static var json: String {
    let entries = people.map { username, name, title, department in
      let name = name.map { #""displayName": "\#($0)", "# } ?? ""
      return #"{"username": "\#(username)", "role": "User", "avatar": "", \#(name)"#
        + #""title": "\#(title)", "department": "\#(department)", "#
        + #""email": "\#(username)@example.org"}"#
    }
    return "[" + entries.joined(separator: ",\n") + "]"
  }

  /// A window on the six people; `showTable` switches it to its table, which
  /// is then waited for until all six rows are bound.
  static func open(showTable: (MainWindow) -> Void) throws -> (MainWindow, TemporaryDirectory) {
    try WindowTestSupport.setUp()
    let directory = try TemporaryDirectory()
    try directory.write(json)
    let window = WindowTestSupport.openWindow(on: directory)
    showTable(window)
    XCTAssertTrue(
      MainContext.run(until: { window.table.shownRows.count == people.count }),
      "the table's rows were not bound")
    return (window, directory)
  }

  /// The names the bound rows show, top to bottom, once they are `expected`
  /// (or what they show after ten seconds).
  static func names(in window: MainWindow, becoming expected: [String]) -> [String] {
    let shown = { window.table.shownRows.map { $0.row.cellTexts.first ?? "" } }
    MainContext.run(
      until: {
        !window.local.isFiltering && !window.local.isSorting && !window.model.isReloading
          && shown() == expected
      }, timeout: .seconds(10))
    return shown()
  }
}
