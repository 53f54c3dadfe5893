import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// After a search, the rows GTK had bound off screen still show the people
/// from before until their re-bind; a scroll that reaches one first must not
/// paint it stale.
final class SearchScrollTests: XCTestCase {
  /// A window on 3,000 people (ann0000, bob0000, ann0001, ...) with rows on
  /// screen, and the folder of their users.json.
  @MainActor
  private static func openAnnsAndBobs() throws -> (MainWindow, TemporaryDirectory) {
    try WindowTestSupport.setUp()
    let directory = try TemporaryDirectory()
    try directory.writeUsers(
      (0..<1_500).flatMap { [String(format: "ann%04d", $0), String(format: "bob%04d", $0)] })
    let window = WindowTestSupport.openWindow(
      source: WindowTestSupport.fileSource(directory.usersFile))
    XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")
    return (window, directory)
  }

  /// Opens those 3,000 people, searches "bob" and,
  /// from the first frame that shows the result, scrolls down 30 rows a frame
  /// for 10 frames. After every frame painted, each row on screen must show
  /// the person at its position.
  @MainActor
  private static func searchThenScroll(guarded: Bool) throws -> (
    violations: [String], frames: Int, broughtForward: Int
  ) {
    let (window, directory) = try openAnnsAndBobs()
    defer { withExtendedLifetime(directory) { window.close() } }
    window.factory.rebindsDeferredRowsComingOnScreen = guarded
    gtk_widget_activate_action_variant(
      window.listView, "list.scroll-to-item", g_variant_new_uint32(0))
    WindowTestSupport.waitForFrames(window)  // the scroll applies at the next layout
    let rowHeight = window.viewport.rowHeight
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!

    var violations: [String] = []
    let watcher = FrameRowWatcher(window) { row, position in
      // The name the row's widget drew in this frame.
      let shown = row.shownName
      let expected = window.model[position].username
      if shown != expected {
        violations.append("frame shows \(shown) at \(position), not \(expected)")
      }
    }
    defer { watcher.stop() }
    var steps = 0
    let scroll = OwnedTick()
    scroll.start(on: window.window) {
      guard window.searchMatches != nil else { return true }
      steps += 1
      gtk_adjustment_set_value(adjustment, Double(steps) * 30 * rowHeight)
      return steps < 10
    }
    window.setSearchText("bob")
    XCTAssertTrue(
      MainContext.run(until: { steps == 10 }, timeout: .seconds(10)), "the scroll did not run")
    // Two frames more after the scroll's ten (not a span of time, which a
    // slow enough machine fills with no frame at all).
    WindowTestSupport.waitForFrames(window, 2)
    XCTAssertEqual(window.searchMatches, 1_500)
    XCTAssertGreaterThan(watcher.frames, 10)
    return (violations, watcher.frames, window.factory.deferredRebindsBroughtForward)
  }

  func testARowScrolledIntoViewRightAfterASearchNeverShowsSomeoneFromBefore() throws {
    try MainActor.assumeIsolated {
      let run = try Self.searchThenScroll(guarded: true)
      print("search then scroll: \(run.frames) frames, \(run.broughtForward) rows re-bound early")
      XCTAssertEqual(run.violations, [])
      XCTAssertGreaterThan(run.broughtForward, 0, "the scroll never overtook the re-binds")
    }
  }

  func testWithoutTheGuardTheSameScrollPaintsStaleRows() throws {
    try MainActor.assumeIsolated {
      let run = try Self.searchThenScroll(guarded: false)
      print(
        "unguarded: \(run.violations.count) stale rows painted; first: \(run.violations.prefix(3))")
      XCTAssertGreaterThan(run.violations.count, 0, "the check would not catch a stale row")
      XCTAssertEqual(run.broughtForward, 0)
    }
  }

  /// Ten matches: the rows past them that GTK still has until the shorter
  /// length is announced must not be painted with the people from before
  /// (they show no one), and each match shows at its own position. (Row 10
  /// held ann0005 before the search, a name that passes for a match by its
  /// prefix alone: the check is by position.)
  func testANarrowSearchPaintsOnlyItsMatches() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.openAnnsAndBobs()
      defer { withExtendedLifetime(directory) { window.close() } }
      var violations: [String] = []
      let watcher = FrameRowWatcher(window) { row, position in
        guard let matches = window.searchMatches else { return }
        let shown = row.shownName
        let expected = position < matches ? window.model[position].username : ""
        if shown != expected { violations.append("\(shown) at \(position)") }
      }
      defer { watcher.stop() }
      window.setSearchText("ann000")
      XCTAssertTrue(MainContext.run(until: { window.searchMatches == 10 }))
      // Every frame until the shorter length is announced and every row re-bound, then two
      // more: the frames that could paint someone from before, however long they take.
      XCTAssertTrue(
        MainContext.run(
          until: {
            window.showsSearchResult(for: "ann000") && window.factory.deferredRebindCount == 0
          }, timeout: .seconds(20)), "the search's rows were not all shown")
      WindowTestSupport.waitForFrames(window, 2)
      print(
        "narrow search: \(violations.count) rows painted outside the results: \(violations.prefix(5))"
      )
      XCTAssertEqual(violations, [])
    }
  }
}
