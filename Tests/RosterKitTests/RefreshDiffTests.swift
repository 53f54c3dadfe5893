import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// Refresh applies the new users.json as differences by identity.
final class RefreshDiffTests: XCTestCase {
  private static func users(_ entries: [(id: String, name: String, role: String)]) -> String {
    "["
      + entries.map {
        #"{"id": "\#($0.id)", "username": "\#($0.name)", "role": "\#($0.role)", "avatar": ""}"#
      }
      .joined(separator: ",\n") + "]"
  }

  func testAnEditedDirectoryGivesExactlyTheExpectedChangesAndAStableViewport() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      var entries = (0..<500).map { (id: "u\($0)", name: "person\($0)", role: "User") }
      try directory.write(Self.users(entries))
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }))

      // Scroll so person200 is at the top, and select person205.
      gtk_widget_activate_action_variant(
        window.listView, "list.scroll-to-item", g_variant_new_uint32(0))
      WindowTestSupport.waitForFrames(window)  // the scroll applies at the next layout
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
      let rowHeight = window.viewport.rowHeight
      gtk_adjustment_set_value(adjustment, 200 * rowHeight)
      WindowTestSupport.waitForFrames(window)
      XCTAssertEqual(window.viewport.visible.lowerBound, 200)
      window.select(205)
      let bindsBefore = window.factory.statistics.binds
      let rebindsBefore = window.factory.statistics.rebinds

      // Inserts above the viewport, a delete and a move below it, a changed role on screen.
      entries.insert((id: "n1", name: "newcomer1", role: "Owner"), at: 10)
      entries.insert((id: "n2", name: "newcomer2", role: "User"), at: 11)
      entries.remove(at: 300)  // person298 (indices shifted by the two inserts)
      let moved = entries.remove(at: 400)
      entries.insert(moved, at: 450)
      let changedIndex = entries.firstIndex { $0.id == "u203" }!
      entries[changedIndex].role = "Admin"
      try directory.write(Self.users(entries))

      // What the main thread is told to redo: every items-changed GTK hears.
      var announced: [[Int]] = []
      let announcements = Signals.connect(window.model.object.pointer, .itemsChanged) {
        position, removed, added in announced.append([Int(position), Int(removed), Int(added)])
      }
      defer { announcements.disconnect() }
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      WindowTestSupport.waitForFrames(window)

      let summary = try XCTUnwrap(window.lastRefresh)
      let diff = try XCTUnwrap(summary.diff, "the refresh was applied whole, not as a diff")
      XCTAssertEqual(diff.insertedCount, 3, "two newcomers and one moved person")
      XCTAssertEqual(diff.removedCount, 2, "one deleted and one moved person")
      XCTAssertEqual(diff.reconfigured, [changedIndex])
      XCTAssertEqual(window.model.elements.map(\.identity), entries.map(\.id))

      // The person at the top stayed there; the selection followed its person.
      let top = window.viewport.visible.lowerBound
      XCTAssertEqual(window.model[top].username, "person200", "the viewport jumped")
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].username }, "person205")

      // The changed row shows its new role without being rebuilt; the rest stayed bound.
      XCTAssertEqual(window.factory.statistics.rebinds - rebindsBefore, 1)
      XCTAssertLessThan(
        window.factory.statistics.binds - bindsBefore, 10, "unchanged rows were re-bound")
      var shownRole: String?
      window.factory.forEachBoundRow { row, position in
        if window.model[position].identity == "u203" { shownRole = row.shownRole }
      }
      XCTAssertEqual(shownRole, "Admin")
      // The main thread's work is the change's, not the list's: GTK hears
      // of the splices alone (five people of 502, never the whole list),
      // and one row is re-bound. How long that takes is the refresh
      // benchmark's (`roster-dev bench --refresh-users N`), not a verdict here.
      XCTAssertEqual(
        announced, diff.splices.map { [$0.position, $0.removed, $0.inserted.count] },
        "GTK was told of more than the splices")
      XCTAssertEqual(announced.reduce(0) { $0 + $1[1] }, 2)
      XCTAssertEqual(announced.reduce(0) { $0 + $1[2] }, 3)
    }
  }

  func testDeletingTheSelectedPersonClearsTheSelection() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      var entries = (0..<50).map { (id: "u\($0)", name: "person\($0)", role: "User") }
      try directory.write(Self.users(entries))
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      window.select(7)
      entries.remove(at: 7)
      try directory.write(Self.users(entries))
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      XCTAssertNil(window.selectedPosition)
      XCTAssertEqual(window.model.count, 49)
    }
  }
}
