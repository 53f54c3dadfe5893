import CGtk
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A window opens as the last one was left: its size, view and table, and
/// the main menu's Search From the Overview, stored in GSettings.
final class PreferencesWindowTests: XCTestCase {
  func testAWindowOpensAsTheLastOneWasLeft() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let folder = try TemporaryDirectory()
      let file = folder.folder.appendingPathComponent("keyfile")
      let table = TableSettings(
        columns: ["department", "displayName"], widths: [150, 260], sort: "")
      do {
        let preferences = try TestPreferenceStores.keyfile(file)
        let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
        defer { window.close() }
        window.restore(preferences, grid: nil, table: false)
        XCTAssertFalse(window.isTableMode, "a new user's window shows the list")
        gtk_window_set_default_size(cgtk_window(window.window), 700, 650)
        window.isTableMode = true
        window.page.restore(table)
        gtk_widget_activate_action_variant(window.window, "menu.search-from-overview", nil)
        window.remember(in: preferences)
        XCTAssertTrue(preferences.searchFromOverview, "the menu's check item is stored")
      }
      let preferences = try TestPreferenceStores.keyfile(file)
      let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
      defer { window.close() }
      window.restore(preferences, grid: nil, table: false)
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(cgtk_window(window.window), &width, &height)
      XCTAssertEqual([width, height], [700, 650])
      XCTAssertTrue(window.isTableMode)
      XCTAssertEqual(window.page.tableSettings.columns, table.columns)
      XCTAssertEqual(window.page.tableSettings.widths, table.widths)
      // The check item starts from the stored state: choosing it turns it off.
      gtk_widget_activate_action_variant(window.window, "menu.search-from-overview", nil)
      XCTAssertFalse(preferences.searchFromOverview)
    }
  }

  func testTheCommandLinesViewWinsOverTheStoredOne() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let preferences = try TestPreferenceStores.memory()
      preferences.view = .table
      let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
      defer { window.close() }
      window.restore(preferences, grid: true, table: false)
      XCTAssertTrue(window.isGridMode)
      XCTAssertFalse(window.isTableMode)
    }
  }
}
