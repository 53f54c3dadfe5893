import CGtk
import Directory
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// One hostile entry must not take the app down: a field megabytes long
/// loads quickly, its row shows a cut name, and neither the list, the grid
/// nor the details panel asks the window to grow for it. Load times are
/// printed; the bound asserted is generous, against a hang, not a target.
final class HostileEntryWindowTests: XCTestCase {
  func testMegabyteFieldsLoadAndTheWindowKeepsItsSize() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada", "grace", "margaret"])
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }, timeout: .seconds(10)))
      let width = gtk_widget_get_width(window.window)
      XCTAssertGreaterThan(width, 0)

      let cases: [(HostileEntries.Field, Int)] = [
        (.username, 1 << 20), (.username, 50 << 20), (.role, 1 << 20), (.role, 50 << 20),
        (.avatar, 1 << 20), (.avatar, 50 << 20),
      ]
      for (field, length) in cases {
        try Data(HostileEntries.json(field: field, length: length)).write(to: directory.usersFile)
        let clock = ContinuousClock()
        let start = clock.now
        XCTAssertTrue(window.refresh())
        WindowTestSupport.waitForLoad(window)
        let duration = start.duration(to: clock.now)
        print("window: a \(length >> 20) MB \(field.rawValue) loaded in \(duration)")
        XCTAssertLessThan(duration, .seconds(10), "\(field) of \(length) bytes")
        XCTAssertEqual(window.model.count, 3, "\(field)")
        XCTAssertEqual(window.contents?.cutEntries, 1, "\(field)")
        MainContext.run(for: .milliseconds(100))
        XCTAssertEqual(gtk_widget_get_width(window.window), width, "the window grew for \(field)")
        if field == .username {
          let shown = Self.shownNames(window)
          XCTAssertEqual(
            shown[1], String(repeating: "a", count: DisplayText.maxCharacters - 1) + "…")
          // The row of a short name and the row of the cut one ask for the same width.
          var natural: [Int: Int32] = [:]
          window.factory.forEachBoundRow { row, position in
            natural[position] = Self.naturalWidth(row.widget)
          }
          XCTAssertNotNil(natural[0])
          XCTAssertEqual(natural[0], natural[1], "a row's natural width followed its name")
        }
      }

      // The grid's cells and the details panel stay bounded too.
      window.isGridMode = true
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }, timeout: .seconds(10)))
      try Data(HostileEntries.json(field: .username, length: 1 << 20))
        .write(to: directory.usersFile)
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      var cells: [Int: (name: String, width: Int32)] = [:]
      window.grid.factory.forEachBoundRow { cell, position in
        cells[position] = (cell.shownName, Self.naturalWidth(cell.widget))
      }
      XCTAssertEqual(cells[1]?.name, window.model[1].displayName)
      XCTAssertNotNil(cells[0])
      XCTAssertEqual(cells[0]?.width, cells[1]?.width, "a cell's natural width followed its name")
      XCTAssertEqual(gtk_widget_get_width(window.window), width, "the grid grew the window")
      window.isGridMode = false

      let details = try XCTUnwrap(window.openPersonPage(at: 1))
      WindowTestSupport.waitForFrames(window)
      XCTAssertEqual(details.shownName, window.model[1].displayName)
      XCTAssertEqual(gtk_widget_get_width(window.window), width, "a long name grew the window")
      window.goBack()
      XCTAssertEqual(gtk_widget_get_width(window.window), width)
    }
  }

  /// The bound rows' name labels by position.
  @MainActor
  private static func shownNames(_ window: MainWindow) -> [Int: String] {
    var names: [Int: String] = [:]
    window.factory.forEachBoundRow { row, position in names[position] = row.shownName }
    return names
  }

  /// What `widget` asks for across.
  @MainActor
  private static func naturalWidth(_ widget: Widget) -> Int32 {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(
      widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    return natural
  }
}
