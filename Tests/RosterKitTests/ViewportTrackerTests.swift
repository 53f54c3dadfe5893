import CGtk
import Directory
import GtkKit
import XCTest

@testable import RosterKit

/// The rows the tracker counts as visible follow the rows on screen when the
/// model grows or shrinks between two layouts: a load that replaces its
/// preview, a search and its end.
final class ViewportTrackerTests: XCTestCase {
  /// 200 preview rows become 2,000 before GTK lays the list out again. With
  /// the row height read as upper / count at that moment (upper still the
  /// preview's), about 117 rows counted as visible, their text was shaped
  /// and their avatars raised at once; the row height GTK last laid out
  /// keeps the screen's 12.
  func testAModelThatGrowsBeforeTheNextLayoutKeepsTheVisibleRows() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      defer { window.close() }
      let people = window.model.elements
      XCTAssertGreaterThanOrEqual(people.count, 2_000)
      let screen = window.viewport.visible
      let rowHeight = window.viewport.rowHeight
      XCTAssertFalse(screen.isEmpty)
      XCTAssertGreaterThan(rowHeight, 0)

      var seen: [Range<Int>] = []
      let tracker = window.viewport
      let previous = tracker.onChange
      tracker.onChange = { visible in
        seen.append(visible)
        previous?(visible)
      }
      defer { tracker.onChange = previous }

      // A preview of 200, laid out, then the whole directory after it with
      // no layout in between.
      window.presenter.showPreview(Array(people.prefix(200)))
      XCTAssertTrue(
        MainContext.run(until: {
          gtk_adjustment_get_upper(gtk_scrollable_get_vadjustment(gtkObject(window.listView)))
            == rowHeight * 200
        }), "the preview was not laid out")
      window.presenter.apply(people, diff: nil, diffVersion: -1, afterPreview: true)
      tracker.update()  // as the window does after a load
      XCTAssertEqual(window.model.count, people.count)
      XCTAssertEqual(tracker.rowHeight, rowHeight, "the row height changed with the count")
      XCTAssertEqual(tracker.visible, screen, "the visible rows did not stay the screen's")

      // And once GTK has laid the 2,000 out.
      XCTAssertTrue(
        MainContext.run(until: {
          gtk_adjustment_get_upper(gtk_scrollable_get_vadjustment(gtkObject(window.listView)))
            == rowHeight * Double(people.count)
        }), "the directory was not laid out")
      XCTAssertEqual(tracker.visible, screen)
      XCTAssertTrue(
        seen.allSatisfy { $0.count <= screen.count }, "a range wider than the screen: \(seen)")
    }
  }
}
