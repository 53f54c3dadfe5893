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
      let shaping = page.textShaping
      // The screen and the one below it filled (a skeleton has no text to
      // shape), and the passes the load queued run: the scroll's pass is
      // the only one counted, whenever the pages arrived.
      let screen = page.viewport.visible
      let below = screen.upperBound..<(screen.upperBound + screen.count + 1)
      XCTAssertTrue(
        MainContext.run(
          until: {
            page.skeletonRows().visible == 0 && Self.filledRows(of: page, in: below) == below.count
              && !shaping.isPending
          }, timeout: .seconds(10)), "the first two screens were not filled")
      var passes = 0
      shaping.onShaped = { passes += 1 }
      defer { shaping.onShaped = nil }
      counts.resetTextCounts()
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(page.listView))!
      gtk_adjustment_set_value(adjustment, page.viewport.rowHeight)
      XCTAssertTrue(
        MainContext.run(until: { passes > 0 && !shaping.isPending }, timeout: .seconds(10)),
        "no shaping pass ran")
      // Name and role (at least) of each row of the screen below.
      XCTAssertGreaterThanOrEqual(counts.linesShapedAhead, 2 * page.viewport.visible.count - 2)
    }
  }

  /// How many of the bound rows at `positions` show their person.
  @MainActor private static func filledRows(of page: ServerDirectoryPage, in positions: Range<Int>)
    -> Int
  {
    var filled = 0
    page.list.factory.forEachBoundRow { row, position in
      if positions.contains(position), !row.showsSkeleton { filled += 1 }
    }
    return filled
  }
}
