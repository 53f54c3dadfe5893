import CGtk
import Directory
import GtkKit
import XCTest

@testable import RosterKit

/// The filter bar in a real window: a typed expression filters the rows,
/// a bad one is marked and changes nothing, chips add and remove
/// conditions, Ctrl+Shift+F shows the bar, and the filter works with a
/// search, a column's sort, the selection and a refresh.
final class FilterBarTests: XCTestCase {
  @MainActor
  private static func openTable() throws -> (MainWindow, TemporaryDirectory) {
    try SixPeopleTable.open {
      $0.viewMode = .table
    }
  }

  @MainActor
  private static func names(in window: MainWindow, becoming expected: [String]) -> [String] {
    SixPeopleTable.names(in: window, becoming: expected)
  }

  /// Clicks `button` and waits for `done`.
  @MainActor
  private static func press(_ button: Widget, until done: @escaping @Sendable @MainActor () -> Bool)
  {
    cgtk_emit(gobject(button), "clicked")
    XCTAssertTrue(MainContext.run(until: done), "the click did nothing")
  }

  private static let everyone =
    [
      "Ada Lovelace", "Grace Hopper", "linus", "Margaret Hamilton", "Ken Thompson",
      "Barbara Liskov",
    ]

  func testATypedExpressionFiltersTheRowsAndABadOneKeepsThem() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      XCTAssertTrue(window.setFilterText(#"department eq "research""#))
      let research = ["Ada Lovelace", "Barbara Liskov"]
      XCTAssertEqual(Self.names(in: window, becoming: research), research)
      XCTAssertEqual(window.model.elements.map(\.username), ["ada", "barbara"])
      XCTAssertEqual(window.subtitle, "2 of 6 people")
      XCTAssertEqual(window.filterBar.chipTexts, ["Department is “research”"])

      // A mistake is marked where it is; the rows and the filter stay.
      let entry = window.filterBar.expressionEntry
      XCTAssertFalse(window.setFilterText(#"department eq "Research" and"#))
      XCTAssertNotEqual(gtk_widget_has_css_class(entry, "error"), 0)
      XCTAssertEqual(window.filterBar.syntaxError?.position, 28, "at the end")
      let tooltip = gtk_widget_get_tooltip_text(entry).map { String(cString: $0) }
      XCTAssertEqual(tooltip?.hasPrefix("Character 29: "), true, tooltip ?? "no tooltip")
      XCTAssertNotEqual(gtk_widget_get_visible(window.filterBar.errorLabel), 0)
      XCTAssertFalse(window.local.isFiltering, "a bad expression ran a filter")
      XCTAssertEqual(Self.names(in: window, becoming: research), research)
      XCTAssertEqual(window.filterBar.chipTexts, ["Department is “research”"])
      XCTAssertEqual(window.local.filter, .compare(.department, .eq, "research"))

      // A good one clears the mark; an empty one shows everyone.
      XCTAssertTrue(window.setFilterText(#"title co "er" and not (department eq "Unix")"#))
      XCTAssertEqual(gtk_widget_has_css_class(entry, "error"), 0)
      XCTAssertEqual(gtk_widget_get_visible(window.filterBar.errorLabel), 0)
      XCTAssertEqual(
        Self.names(in: window, becoming: ["Ada Lovelace", "linus"]), ["Ada Lovelace", "linus"])
      XCTAssertEqual(window.filterBar.chipTexts.count, 2)
      XCTAssertTrue(window.setFilterText(""))
      XCTAssertEqual(Self.names(in: window, becoming: Self.everyone), Self.everyone)
      XCTAssertEqual(window.subtitle, "6 people")
    }
  }

  func testChipsAddAndRemoveConditions() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      let bar = window.filterBar
      window.isFilterBarOpen = true
      bar.choose(.department, .eq, "Research")
      Self.press(bar.addButton) { bar.chips.count == 1 }
      XCTAssertEqual(Self.names(in: window, becoming: ["Ada Lovelace", "Barbara Liskov"]).count, 2)
      bar.choose(.title, .co, "er")
      Self.press(bar.addButton) { bar.chips.count == 2 }
      XCTAssertEqual(Self.names(in: window, becoming: ["Ada Lovelace"]), ["Ada Lovelace"])
      XCTAssertEqual(bar.chipTexts, ["Department is “Research”", "Title contains “er”"])
      XCTAssertEqual(bar.expressionText, #"department eq "Research" and title co "er""#)
      XCTAssertEqual(window.subtitle, "1 of 6 people")

      // An incomplete condition adds nothing.
      bar.choose(.email, .sw, "")
      bar.addFromMenus()
      XCTAssertEqual(bar.chips.count, 2)

      // A click on the first chip removes its condition.
      Self.press(bar.chips[0]) { bar.chips.count == 1 }
      let titled = ["Ada Lovelace", "linus", "Ken Thompson"]
      XCTAssertEqual(Self.names(in: window, becoming: titled), titled)
      XCTAssertEqual(bar.chipTexts, ["Title contains “er”"])
      XCTAssertEqual(bar.expressionText, #"title co "er""#)

      // "is not set" needs no value; hiding the bar shows everyone, showing
      // it again applies its conditions again.
      bar.choose(.displayName, .absent, "")
      Self.press(bar.addButton) { bar.chips.count == 2 }
      XCTAssertEqual(Self.names(in: window, becoming: ["linus"]), ["linus"])
      XCTAssertEqual(bar.chipTexts.last, "Name is not set")
      window.isFilterBarOpen = false
      XCTAssertEqual(Self.names(in: window, becoming: Self.everyone), Self.everyone)
      window.isFilterBarOpen = true
      XCTAssertEqual(Self.names(in: window, becoming: ["linus"]), ["linus"])
    }
  }

  func testControlShiftFShowsAndHidesTheBar() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      XCTAssertTrue(window.actions.isEnabled(.filter))
      let id = try XInput.windowID(of: window)
      XCTAssertFalse(window.isFilterBarOpen)
      try XInput.key(["ctrl+shift+f"], in: id)
      XCTAssertTrue(MainContext.run(until: { window.isFilterBarOpen }), "Ctrl+Shift+F did nothing")
      XCTAssertTrue(
        MainContext.run(until: {
          gtk_window_get_focus(cgtk_window(window.window)).map {
            gtk_widget_is_ancestor($0, window.filterBar.expressionEntry) != 0
              || $0 == window.filterBar.expressionEntry
          } ?? false
        }),
        "the expression entry does not have the focus")
      try XInput.type(#"title sw "m""#, into: window.filterBar.expressionEntry, of: window.window)
      try XInput.key(["Return"], in: id)
      let typed = ["linus"]
      XCTAssertEqual(Self.names(in: window, becoming: typed), typed)
      try XInput.key(["ctrl+shift+f"], in: id)
      XCTAssertTrue(MainContext.run(until: { !window.isFilterBarOpen }))
      XCTAssertEqual(Self.names(in: window, becoming: Self.everyone), Self.everyone)
    }
  }

  func testFilterSearchAndSortTogetherKeepTheSelection() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      window.local.search("n")
      let searched = ["linus", "Margaret Hamilton", "Ken Thompson"]
      XCTAssertEqual(Self.names(in: window, becoming: searched), searched)
      window.select(2)  // ken
      XCTAssertTrue(window.setFilterText(#"title co "er""#))
      XCTAssertEqual(Self.names(in: window, becoming: ["linus", "Ken Thompson"]).count, 2)
      XCTAssertEqual(window.subtitle, "2 of 6 people")
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")

      window.table.header.click(.title)
      XCTAssertEqual(
        Self.names(in: window, becoming: ["Ken Thompson", "linus"]), ["Ken Thompson", "linus"])
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
      window.table.header.click(.title)
      XCTAssertEqual(
        Self.names(in: window, becoming: ["linus", "Ken Thompson"]), ["linus", "Ken Thompson"])
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")

      // The search cleared, the filter and the order stay.
      window.local.search("")
      let titled = ["linus", "Ken Thompson", "Ada Lovelace"]
      XCTAssertEqual(Self.names(in: window, becoming: titled), titled)
      XCTAssertEqual(window.subtitle, "3 of 6 people")
      window.select(1)  // ken

      // A refresh keeps the filter: Alan, a Tester, joins.
      var text = try String(contentsOf: directory.usersFile, encoding: .utf8)
      text = text.replacingOccurrences(
        of: "]", with: #",{"username": "alan", "role": "User", "avatar": "", "title": "Tester"}]"#)
      try directory.write(text)
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      let refreshed = ["alan", "linus", "Ken Thompson", "Ada Lovelace"]
      XCTAssertEqual(Self.names(in: window, becoming: refreshed), refreshed)
      XCTAssertEqual(window.subtitle, "4 of 7 people")
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
    }
  }
}
