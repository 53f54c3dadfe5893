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
      let window = try Self.openWindow(url: Self.server().peopleURL)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let shaping = page.list.textShaping
      // The screen and the one below it filled (a skeleton has no text to
      // shape), and no pass left queued.
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
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(page.listView))!
      gtk_adjustment_set_value(adjustment, page.viewport.rowHeight)
      XCTAssertTrue(
        MainContext.run(until: { passes > 0 && !shaping.isPending }, timeout: .seconds(10)),
        "no shaping pass ran")
      // Every row of the screen below the new position is shaped: by the
      // scroll's pass, or by an earlier one if the pages arrived before it
      // ran. Which pass depends on when they arrived; that the screen about
      // to be shown is shaped does not.
      let visible = page.viewport.visible
      let next = visible.upperBound..<(visible.upperBound + visible.count)
      var filled = 0
      var unshaped: [Int] = []
      page.list.factory.forEachBoundRow { row, position in
        guard next.contains(position), !row.showsSkeleton else { return }
        filled += 1
        if !row.isTextShaped { unshaped.append(position) }
      }
      XCTAssertGreaterThanOrEqual(filled, next.count - 1, "the screen below was not filled")
      XCTAssertEqual(unshaped, [], "rows of the screen below were not shaped")
    }
  }

  /// How many of the bound rows at `positions` show their person.
  @MainActor private static func filledRows(of page: ServerReader, in positions: Range<Int>)
    -> Int
  {
    var filled = 0
    page.list.factory.forEachBoundRow { row, position in
      if positions.contains(position), !row.showsSkeleton { filled += 1 }
    }
    return filled
  }
}
