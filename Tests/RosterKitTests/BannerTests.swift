import CGtk
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The error banner slides in above the list and pushes it down: the row at
/// the top stays at the top, fully visible below the banner.
final class BannerTests: XCTestCase {
  /// Where `widget` is in `window`'s coordinates.
  @MainActor private static func bounds(_ widget: Widget, in window: Widget) -> graphene_rect_t {
    var rect = graphene_rect_t()
    XCTAssertNotEqual(gtk_widget_compute_bounds(widget, window, &rect), 0)
    return rect
  }

  /// The top-left row or cell that reaches below `edge` (window coordinates).
  @MainActor private static func topItem(
    of window: MainWindow, below edge: Float
  ) -> (position: Int, rect: graphene_rect_t)? {
    var top: (position: Int, rect: graphene_rect_t)?
    func consider(_ widget: Widget, _ position: Int) {
      // The row's list item widget, with its padding.
      guard let item = gtk_widget_get_parent(widget),
        gtk_widget_get_child_visible(item) != 0
      else { return }
      let rect = bounds(item, in: window.window)
      guard rect.origin.y + rect.size.height > edge + 0.5 else { return }
      if let current = top?.rect,
        (current.origin.y, current.origin.x) <= (rect.origin.y, rect.origin.x)
      {
        return
      }
      top = (position, rect)
    }
    if window.isGridMode {
      window.grid.factory.forEachBoundRow { cell, position in consider(cell.widget, position) }
    } else {
      window.factory.forEachBoundRow { row, position in consider(row.widget, position) }
    }
    return top
  }

  /// Scrolls with `scroll`, fails two refreshes so the banner slides in, and
  /// checks the top row stayed the top row and fully visible below it.
  @MainActor private static func checkTopRowStaysVisible(
    grid: Bool, screenshot: String, scroll: (MainWindow) -> Void
  ) throws {
    try WindowTestSupport.setUp()
    let directory = try TemporaryDirectory()
    try directory.writeUsers((0..<2_000).map { "person\($0)" })
    let window = WindowTestSupport.openWindow(
      source: WindowTestSupport.fileSource(directory.usersFile))
    defer { window.close() }
    window.isGridMode = grid
    MainContext.run(until: { window.hasVisibleRows })
    scroll(window)
    // Laid out at the scroll, and the list's fade to the grid over: while it fades out, the
    // list is still on screen, and it is the list's top row the banner would keep in place.
    WindowTestSupport.waitUntilStill(window)
    let view = grid ? window.grid.widget : window.list.scroller
    let before = try XCTUnwrap(topItem(of: window, below: bounds(view, in: window.window).origin.y))

    // Truncated: the refresh fails. The first failure is a toast over the
    // list, which moves nothing; the second in a row is the banner.
    try directory.write(#"[{"username": "ada"}, {"username": "#)
    window.refresh()
    WindowTestSupport.waitForLoad(window)
    XCTAssertNil(window.bannerMessage)
    window.refresh()
    WindowTestSupport.waitForLoad(window)
    XCTAssertNotNil(window.bannerMessage)
    let revealer = window.banner.widget
    XCTAssertTrue(
      MainContext.run(
        until: { gtk_revealer_get_child_revealed(gtkObject(revealer)) != 0 }, timeout: .seconds(5)))
    // Laid out with the banner all the way in.
    WindowTestSupport.waitForFrames(window)

    let banner = bounds(revealer, in: window.window)
    let list = bounds(view, in: window.window)
    XCTAssertGreaterThan(banner.size.height, 30, "the banner did not slide in")
    XCTAssertGreaterThanOrEqual(list.origin.y, banner.origin.y + banner.size.height - 0.5)
    let after = try XCTUnwrap(topItem(of: window, below: list.origin.y))
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/\(screenshot)").standardizedFileURL.path
    try Screenshot.save(window.window, to: path)
    print(
      "banner over the \(grid ? "grid" : "list"): banner \(banner.origin.y)+\(banner.size.height), "
        + "list from \(list.origin.y), top item \(before.position) -> \(after.position) at "
        + "\(after.rect.origin.y); screenshot \(path)")
    XCTAssertEqual(after.position, before.position, "the row at the top changed")
    XCTAssertGreaterThanOrEqual(
      after.rect.origin.y, list.origin.y - 0.5, "the top row is partly under the banner")
  }

  func testTheTopRowStaysFullyVisibleWhenTheBannerSlidesIn() throws {
    try MainActor.assumeIsolated {
      // Row 1,000 exactly at the top, halfway down the list: there GTK 4.8
      // anchors a row near the middle of the page.
      try Self.checkTopRowStaysVisible(grid: false, screenshot: "banner-top-row.png") { window in
        let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
        gtk_widget_activate_action_variant(
          window.listView, "list.scroll-to-item", g_variant_new_uint32(0))
        WindowTestSupport.waitForFrames(window)  // the scroll applies at the next layout
        gtk_adjustment_set_value(adjustment, 1_000 * window.viewport.rowHeight)
        XCTAssertTrue(MainContext.run(until: { window.viewport.visible.lowerBound == 1_000 }))
      }
    }
  }

  func testTheGridsTopRowStaysFullyVisibleWhenTheBannerSlidesIn() throws {
    try MainActor.assumeIsolated {
      // Halfway down, between two lines of cells: the top line is partly
      // above the top edge.
      try Self.checkTopRowStaysVisible(grid: true, screenshot: "banner-top-row-grid.png") {
        window in
        let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.grid.gridView))!
        MainContext.run(until: {
          gtk_adjustment_get_upper(adjustment) > 4 * gtk_adjustment_get_page_size(adjustment)
        })
        gtk_widget_activate_action_variant(
          window.grid.gridView, "list.scroll-to-item", g_variant_new_uint32(0))
        WindowTestSupport.waitForFrames(window)  // the scroll applies at the next layout
        let middle =
          (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)) / 2
        gtk_adjustment_set_value(adjustment, middle.rounded() + 0.37 * 100)
        XCTAssertTrue(MainContext.run(until: { gtk_adjustment_get_value(adjustment) > 1_000 }))
      }
    }
  }
}
