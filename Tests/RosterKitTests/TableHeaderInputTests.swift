import CAdw
import CGtk
import Directory
import GtkKit
import XCTest

@testable import RosterKit

/// The table's header under the real pointer (xdotool under Xvfb): a click
/// on a title sorts by it, and a drag on the edge between two titles
/// resizes the column before it, in the header and in the rows.
final class TableHeaderInputTests: XCTestCase {
  func testAClickOnATitleSortsAndADragOnItsEdgeResizesTheColumn() throws {
    try MainActor.assumeIsolated {
      let (window, id) = try XInput.openWindow()
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 1000, 700)
      // Wide, the window opens the groups sidebar beside the table: shut it
      // and let it finish sliding, so the header stays where it is measured.
      XCTAssertTrue(MainContext.run(until: { !window.isSidebarFolded }), "the window did not widen")
      window.isSidebarOpen = false
      XCTAssertTrue(
        MainContext.run(until: { adw_flap_get_reveal_progress(gtkObject(window.flap)) == 0 }),
        "the sidebar did not close")
      window.viewMode = .table
      let header = window.table.header
      XCTAssertTrue(
        MainContext.run(until: {
          window.hasVisibleRows && (header.edgePoint(of: 0, in: window.window)?.y ?? 0) > 0
        }), "the table was not laid out")
      // The list's fade to the table over, so the header is where it is measured.
      WindowTestSupport.waitUntilStill(window)

      // The middle of the Name title: between the gutter and its edge.
      let edge = try XCTUnwrap(header.edgePoint(of: 0, in: window.window))
      let title = (x: edge.x - 60, y: edge.y)
      _ = try XInput.xdotool([
        "mousemove", "--window", id, "\(Int(title.x))", "\(Int(title.y))", "click", "1",
      ])
      XCTAssertTrue(
        MainContext.run(until: { window.local.order.sort?.description == "displayName" }),
        "a click on the Name title did not sort by name")

      let width = window.table.columns.widths[0]
      var drag = [
        "mousemove", "--window", id, "\(Int(edge.x))", "\(Int(edge.y))", "mousedown", "1",
      ]
      for _ in 0..<6 { drag += ["mousemove_relative", "--", "10", "0", "sleep", "0.03"] }
      drag += ["mouseup", "1"]
      let delivered = DeliveredInput(on: window.window)
      defer { delivered.stop() }
      _ = try XInput.xdotool(drag)
      // xdotool returns once the events are sent: GTK handles the release after.
      XCTAssertTrue(
        MainContext.run(until: { delivered.buttonReleases == 1 }, timeout: .seconds(20)),
        "the release did not reach the window")
      WindowTestSupport.waitForFrames(window)
      XCTAssertEqual(window.table.columns.widths[0], width + 60, "the drag did not resize Name")
      XCTAssertEqual(
        window.local.order.sort?.description, "displayName", "the drag clicked the title too")
      let moved = try XCTUnwrap(header.edgePoint(of: 0, in: window.window))
      XCTAssertEqual(moved.x, edge.x + 60, accuracy: 1, "the header's title did not widen")
    }
  }
}
