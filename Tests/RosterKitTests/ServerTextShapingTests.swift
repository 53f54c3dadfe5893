import CGtk
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The rows of the next screen, read from a real slapd, have their text
/// shaped in the gap after a scroll's frame, as a local list's do.
final class ServerTextShapingTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: 3_000, seed: 7))
  }

  func testTheNextScreensTextIsShapedBetweenFrames() throws {
    try MainActor.assumeIsolated {
      let counts = RowInstrumentation()
      let window = try Self.openWindow(url: Self.server().peopleURL, instrumentation: counts)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      MainContext.run(until: { page.skeletonRows().visible == 0 }, timeout: .seconds(10))
      var passes = 0
      page.textShaping.onShaped = { passes += 1 }
      defer { page.textShaping.onShaped = nil }
      counts.resetTextCounts()
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(page.listView))!
      gtk_adjustment_set_value(adjustment, page.viewport.rowHeight)
      XCTAssertTrue(
        MainContext.run(until: { passes > 0 }, timeout: .seconds(10)), "no shaping pass ran")
      // Name and role (at least) of each row of the screen below.
      XCTAssertGreaterThanOrEqual(counts.linesShapedAhead, 2 * page.viewport.visible.count - 2)
    }
  }
}
