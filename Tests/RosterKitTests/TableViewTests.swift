import CGtk
import Directory
import GtkKit
import XCTest

@testable import RosterKit

/// The table view of a users.json: its rows, the sort a header click
/// makes, the selection across sorts and modes, and what a row reads as.
final class TableViewTests: XCTestCase {
  @MainActor
  private static func openTable() throws -> (MainWindow, TemporaryDirectory) {
    try SixPeopleTable.open {
      XCTAssertNotEqual(
        gtk_widget_activate_action_variant($0.window, "win.show-table", nil), 0)
      XCTAssertEqual($0.viewMode, .table)
    }
  }

  /// A window on the embedded directory (2,000 people) showing its table.
  @MainActor
  private static func openEmbeddedTable() throws -> MainWindow {
    try WindowTestSupport.setUp()
    let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
    window.viewMode = .table
    XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no table rows")
    return window
  }

  @MainActor
  private static func names(in window: MainWindow, becoming expected: [String]) -> [String] {
    SixPeopleTable.names(in: window, becoming: expected)
  }

  func testTheTableShowsTheDisplayNamesAndTheChosenColumns() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      let expected =
        ["Ada Lovelace", "Grace Hopper", "linus", "Margaret Hamilton"]
        + ["Ken Thompson", "Barbara Liskov"]
      XCTAssertEqual(Self.names(in: window, becoming: expected), expected)
      let first = window.table.shownRows[0].row
      XCTAssertEqual(
        first.cellTexts, ["Ada Lovelace", "Engineer", "Research", "", "ada@example.org", ""])
      XCTAssertLessThan(window.table.factory.liveRows, 60, "rows for what shows, no more")
    }
  }

  /// A window that opens on its table tells when the table's first rows
  /// show (the list, hidden, shows none): the load's "first rows" figure.
  func testTheFirstRowsAreToldWhenTheTableShowsThem() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.write(#"[{"username": "ada", "role": "User", "avatar": ""}]"#)
      let window = MainWindow(
        application: nil, content: .source(WindowTestSupport.fileSource(directory.usersFile)))
      defer { window.close() }
      window.viewMode = .table
      window.present()
      window.refresh()
      XCTAssertTrue(
        MainContext.run(until: { window.firstRowsShown != nil }, timeout: .seconds(10)),
        "the table's first rows were not told")
      XCTAssertEqual(window.viewMode, .table)
      XCTAssertEqual(window.table.shownRows.map { $0.row.cellTexts.first }, ["ada"])
      XCTAssertTrue(window.local.list.viewport.visible.isEmpty, "the hidden list shows no rows")
    }
  }

  func testAHeaderClickSortsByThatColumnAndASecondClickReverses() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      window.table.header.click(.title)
      let ascending = [
        "Grace Hopper", "Margaret Hamilton", "Ada Lovelace", "Ken Thompson", "linus",
        "Barbara Liskov",
      ]
      XCTAssertEqual(Self.names(in: window, becoming: ascending), ascending)
      let titles = window.table.shownRows.map { $0.row.cellTexts[1] }
      XCTAssertEqual(titles, titles.sorted())
      XCTAssertEqual(window.local.order.sort?.description, "title")

      window.table.header.click(.title)
      XCTAssertEqual(Self.names(in: window, becoming: ascending.reversed()), ascending.reversed())
      XCTAssertEqual(window.local.order.sort?.description, "title:desc")

      // A search filters within the order.
      window.local.search("ar")
      let matches = ["Barbara Liskov", "Margaret Hamilton"]
      XCTAssertEqual(Self.names(in: window, becoming: matches), matches)
      XCTAssertTrue(window.local.showsSearchResult(for: "ar"))

      // Cleared, everyone shows again, the new rows with their people.
      window.local.search("")
      XCTAssertEqual(Self.names(in: window, becoming: ascending.reversed()), ascending.reversed())
    }
  }

  func testTheSelectedPersonStaysSelectedAcrossSortsAndModes() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      window.select(4)  // ken
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
      window.table.header.click(.department)
      MainContext.run(until: { !window.local.isSorting && !window.model.isReloading })
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
      XCTAssertEqual(window.selectedPosition, 5, "Unix sorts last")

      for (action, mode) in [("win.show-grid", ViewMode.grid), ("win.show-list", .list)] {
        XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, action, nil), 0)
        XCTAssertEqual(window.viewMode, mode)
        XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
      }
      XCTAssertFalse(window.isGridMode)
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, "win.table", nil), 0)
      XCTAssertTrue(window.isTableMode)
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, "win.grid", nil), 0)
      XCTAssertTrue(window.isGridMode, "Ctrl+G still switches to the grid")
    }
  }

  func testARowReadsItsCellsInOrder() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      let rows = window.table.shownRows
      XCTAssertEqual(
        rows[0].row.accessibleLabel, "Ada Lovelace, Engineer, Research, ada@example.org")
      XCTAssertEqual(rows[2].row.accessibleLabel, "linus, Maintainer, Kernel, linus@example.org")

      // A column turned on in the menu shows, and reads, at the end.
      window.table.header.setShown(.username, true)
      XCTAssertEqual(window.table.columns.fields.last, .username)
      XCTAssertEqual(
        window.table.shownRows[0].row.accessibleLabel,
        "Ada Lovelace, Engineer, Research, ada@example.org, ada")

      // The last column cannot be turned off: its check comes back.
      for field in window.table.columns.fields where field != .email {
        window.table.header.setShown(field, false)
      }
      XCTAssertEqual(window.table.columns.fields, [.email])
      window.table.header.setShown(.email, false)
      XCTAssertEqual(window.table.columns.fields, [.email])
      XCTAssertTrue(window.table.header.isShown(.email))
    }
  }

  func testATableIsRememberedPerDirectoryAndRestored() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      let remembered = TableSettings(
        columns: ["department", "displayName", "noSuchField"], widths: [150, 260, 90],
        sort: "department,displayName:desc")
      window.peoplePage.restore(remembered)
      XCTAssertEqual(window.table.columns.fields, [.department, .displayName])
      XCTAssertEqual(window.table.columns.widths, [150, 260])
      let order = ["Apollo", "Kernel", "Navy", "Research", "Research", "Unix"]
      MainContext.run(
        until: {
          !window.local.isSorting && !window.model.isReloading
            && window.table.shownRows.map { $0.row.cellTexts[0] } == order
        }, timeout: .seconds(10))
      XCTAssertEqual(
        window.table.shownRows.map { $0.row.cellTexts[1] }[3...4],
        ["Barbara Liskov", "Ada Lovelace"])
      XCTAssertEqual(
        window.peoplePage.tableSettings,
        TableSettings(
          columns: ["department", "displayName"], widths: [150, 260],
          sort: "department,displayName:desc"))

      var settings = WindowSettings()
      settings.tables["/srv/users.json"] = window.peoplePage.tableSettings
      let file = directory.folder.appendingPathComponent("settings.json")
      try settings.save(to: file)
      XCTAssertEqual(WindowSettings.load(from: file).tables, settings.tables)
    }
  }

  func testASortScrollsToTheSelectedPerson() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openEmbeddedTable()
      defer { window.close() }
      // The first by name goes to the end of the list in reverse.
      let first = (0..<window.model.count).min {
        window.model[$0].username.lowercased() < window.model[$1].username.lowercased()
      }!
      window.select(first)
      let person = window.model[first].username
      // The first column shows the display name (the username when there is none).
      let shownName = window.model[first].displayName
      window.local.order.sort(by: PersonSort([.init(.username, descending: true)]))
      let view = window.table.listView
      let onScreen = {
        window.table.shownRows.contains { entry in
          var bounds = graphene_rect_t()
          guard entry.row.cellTexts.first == shownName,
            gtk_widget_compute_bounds(
              entry.row.widget, view, &bounds) != 0
          else { return false }
          return bounds.origin.y >= 0
            && bounds.origin.y + bounds.size.height <= Float(gtk_widget_get_height(view))
        }
      }
      XCTAssertTrue(
        MainContext.run(
          until: {
            !window.local.isSorting && !window.model.isReloading
              && window.selectedPosition.map { window.model[$0].username } == person && onScreen()
          }, timeout: .seconds(10)),
        "the selected person is not selected and on screen after the sort")
      XCTAssertGreaterThan(window.selectedPosition ?? 0, 1_900, "the sort moved them to the end")
    }
  }

  /// Matches sorted by a column go back to the directory's order when the
  /// sort is cleared (sorted by position off the main thread).
  func testClearingTheSortOfMatchesRestoresTheDirectorysOrder() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      _ = directory
      window.local.search("ar")
      let inDirectoryOrder = ["Margaret Hamilton", "Barbara Liskov"]
      XCTAssertEqual(Self.names(in: window, becoming: inDirectoryOrder), inDirectoryOrder)
      window.local.order.sort(by: PersonSort([.init(.username)]))
      let byUsername = ["Barbara Liskov", "Margaret Hamilton"]
      XCTAssertEqual(Self.names(in: window, becoming: byUsername), byUsername)
      window.local.order.sort(by: nil)
      XCTAssertEqual(Self.names(in: window, becoming: inDirectoryOrder), inDirectoryOrder)
      XCTAssertNil(window.local.order.sort)
    }
  }

  /// After a sort the table re-binds the rows on screen at once and its
  /// hidden rows a few a frame; a scroll at once onto the last of those
  /// brings them on screen, and every frame still shows each row's own person.
  /// With the guard that re-binds such rows before they are painted turned
  /// off, a frame shows someone else: the check can fail.
  func testEveryFrameAfterASortShowsEachTableRowsPerson() throws {
    try MainActor.assumeIsolated {
      XCTAssertEqual(try Self.staleRowsAfterASortAndAScroll(guarded: true), 0)
      XCTAssertGreaterThan(try Self.staleRowsAfterASortAndAScroll(guarded: false), 0)
    }
  }

  /// How often a frame painted a table row showing someone other than the
  /// person at its position, after a sort and a scroll onto rows left for later.
  @MainActor
  private static func staleRowsAfterASortAndAScroll(guarded: Bool) throws -> Int {
    let window = try openEmbeddedTable()
    defer { window.close() }
    let table = window.table
    WindowTestSupport.waitForFrames(window)
    table.factory.rebindsDeferredRowsComingOnScreen = guarded
    var staleRows = 0
    let watcher = FrameRowWatcher(window, table: table) { row, position in
      guard position < window.model.count,
        row.cellTexts.first != window.model[position].displayName
      else { return }
      staleRows += 1
    }
    defer { watcher.stop() }
    window.local.order.sort(by: PersonSort([.init(.title)]))
    XCTAssertTrue(
      MainContext.run(until: { !window.local.isSorting }, timeout: .seconds(10)), "no sort")
    // Before the next frame, scroll to the last row left for later (GTK
    // keeps rows bound well below the view; the first frames re-bind those
    // nearest the top).
    XCTAssertGreaterThan(table.factory.deferredRebindCount, 0, "no row was left for later")
    var last = 0
    table.factory.forEachBoundRow { _, position in last = max(last, position) }
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(table.listView))!
    let rowHeight = gtk_adjustment_get_upper(adjustment) / Double(window.model.count)
    let page = gtk_adjustment_get_page_size(adjustment)
    gtk_adjustment_set_value(adjustment, Double(last + 1) * rowHeight - page)
    WindowTestSupport.waitForFrames(window, 4)
    XCTAssertTrue(
      MainContext.run(until: { table.factory.deferredRebindCount == 0 }), "rows still due")
    WindowTestSupport.waitForFrames(window)
    return staleRows
  }

  /// A sort that lands during a fling shows the top and ends the fling,
  /// whose next step would move the view on from a place GTK has not laid
  /// out yet.
  func testASortDuringAFlingShowsTheTopAndEndsTheFling() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openEmbeddedTable()
      defer { window.close() }
      let table = window.table
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(table.listView))!
      table.dragScroller.fling(velocity: 3000)
      XCTAssertTrue(
        MainContext.run(until: { gtk_adjustment_get_value(adjustment) > 200 }), "no fling")
      XCTAssertTrue(table.dragScroller.isFlinging)
      window.local.order.sort(by: PersonSort([.init(.title)]))
      XCTAssertTrue(
        MainContext.run(until: { !window.local.isSorting }, timeout: .seconds(10)), "no sort")
      WindowTestSupport.waitForFrames(window, 4)
      XCTAssertFalse(table.dragScroller.isFlinging, "the fling went on after the sort")
      XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0, "the sorted table is not at the top")
      XCTAssertEqual(table.factory.shownPositions().lowerBound, 0)
    }
  }

  func testARefreshOfASortedTableKeepsTheOrderAndTheSelection() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openTable()
      defer { window.close() }
      window.table.header.click(.title)
      XCTAssertTrue(MainContext.run(until: { !window.local.isSorting }))
      window.select(3)  // ken, a Hacker
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
      // Grace is no longer an Admiral but a Zoologist; Alan joins as an Analyst.
      var text = try String(contentsOf: directory.usersFile, encoding: .utf8)
      text = text.replacingOccurrences(of: "Admiral", with: "Zoologist")
      text = text.replacingOccurrences(
        of: "]",
        with: #",{"username": "alan", "role": "User", "avatar": "", "title": "Analyst"}]"#)
      try directory.write(text)
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      let order = [
        "alan", "Margaret Hamilton", "Ada Lovelace", "Ken Thompson", "linus", "Barbara Liskov",
        "Grace Hopper",
      ]
      XCTAssertEqual(Self.names(in: window, becoming: order), order)
      XCTAssertNotNil(window.lastRefresh?.diff, "the refresh was not applied as differences")
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "ken")
    }
  }
}
