import CGtk
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// What binding a table row costs beside a list row: the same people
/// scrolled through in both modes, each bind's wall time recorded by the
/// factories. A table row copies six fields instead of two into lines it
/// keeps, and makes no widget; its bind must stay in the list row's range.
final class TableBindCostTests: XCTestCase {
  func testBindingATableRowCostsAboutAsMuchAsAListRow() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      let entries = (0..<3_000).map { index in
        #"{"username": "user\#(index)", "role": "User", "avatar": "", "#
          + #""displayName": "Person Number \#(index)", "title": "Title \#(index % 40)", "#
          + #""department": "Department \#(index % 12)", "location": "City \#(index % 30)", "#
          + #""email": "user\#(index)@example.org", "phone": "+1 555 \#(1000 + index)"}"#
      }
      try directory.write("[" + entries.joined(separator: ",\n") + "]")
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 1180, 800)
      MainContext.run(until: { window.hasVisibleRows })

      let list = Self.bindTimes(scrolling: window.list.scroller, of: window) {
        window.factory.bindObserver = $0
      }
      window.viewMode = .table
      MainContext.run(until: { window.hasVisibleRows })
      let table = Self.bindTimes(scrolling: window.table.scroller, of: window) {
        window.table.factory.bindObserver = $0
      }
      let listMedian = Self.percentile(list, 0.5)
      let tableMedian = Self.percentile(table, 0.5)
      print(
        String(
          format:
            "bind µs: list median %.1f p95 %.1f (%d binds), table median %.1f p95 %.1f (%d binds)",
          listMedian, Self.percentile(list, 0.95), list.count, tableMedian,
          Self.percentile(table, 0.95), table.count))
      XCTAssertGreaterThan(list.count, 100)
      XCTAssertGreaterThan(table.count, 100)
      // Loose: the machine is shared, and a debug build.
      XCTAssertLessThan(
        tableMedian, listMedian * 3 + 20, "a table row binds far slower than a list row")
    }
  }

  /// Bind times (µs) while `scroller` goes down a page at a time, 60 times, a frame a page (GTK
  /// binds a page's rows as it lays it out).
  @MainActor
  private static func bindTimes(
    scrolling scroller: Widget, of window: MainWindow,
    observe: (@escaping @MainActor (Double) -> Void) -> Void
  ) -> [Double] {
    var times: [Double] = []
    observe { times.append($0) }
    let adjustment = gtk_scrolled_window_get_vadjustment(gtkObject(scroller))!
    for _ in 0..<60 {
      let page = gtk_adjustment_get_page_size(adjustment)
      gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + page)
      WindowTestSupport.waitForFrames(window, 1)
    }
    observe { _ in }
    return times
  }

  private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }
}
