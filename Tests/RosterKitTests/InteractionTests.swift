import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// Grid mode, details, search, shortcuts and settings in a real window.
final class InteractionTests: XCTestCase {
  @MainActor private static func openEmbedded(pipeline: ImagePipeline? = nil) -> MainWindow {
    let window = MainWindow(
      application: nil, content: .source(RosterApplication.resolveSource(nil)), pipeline: pipeline)
    window.present()
    window.refresh()
    WindowTestSupport.waitForLoad(window)
    MainContext.run(until: { window.hasVisibleRows })
    return window
  }

  func testTheGridActionSwitchesViewsAndKeepsTheSelection() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = Self.openEmbedded()
      defer { window.close() }
      window.select(40)
      XCTAssertFalse(window.isGridMode)
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, "win.grid", nil), 0)
      XCTAssertTrue(window.isGridMode)
      XCTAssertTrue(
        MainContext.run(until: { window.grid.factory.statistics.binds > 0 }),
        "no grid cells were bound")
      XCTAssertEqual(window.selectedPosition, 40, "the selection carries over to the grid")
      // The grid builds cells for what it shows, not for 2,000 people.
      XCTAssertLessThan(window.grid.factory.liveRows, 400)

      // A window of another width re-lays out the same cells instead of re-binding everything:
      // counted from the grid at rest to the grid laid out at the new width.
      WindowTestSupport.waitUntilStill(window)
      let bindsBefore = window.grid.factory.statistics.binds
      let width = gtk_widget_get_width(window.window)
      gtk_window_set_default_size(cgtk_window(window.window), 720, 800)
      XCTAssertTrue(
        MainContext.run(
          until: { gtk_widget_get_width(window.window) != width }, timeout: .seconds(20)),
        "the window did not take its new width")
      WindowTestSupport.waitUntilStill(window)
      XCTAssertLessThan(window.grid.factory.statistics.binds - bindsBefore, 200)

      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, "win.grid", nil), 0)
      XCTAssertFalse(window.isGridMode)
      XCTAssertEqual(window.selectedPosition, 40)
    }
  }

  func testEnterOnAPersonOpensTheirDetailsWithALargerAvatar() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      var configuration = ImagePipelineConfiguration()
      configuration.diskCacheDirectory = nil
      let pipeline = ImagePipeline(configuration: configuration)
      let window = Self.openEmbedded(pipeline: pipeline)
      defer { window.close() }
      let position = (0..<window.model.count).first { !window.model[$0].avatar.isEmpty }!
      // What Enter or a double-click does: the list's "activate" signal.
      cgtk_emit_uint(gobject(window.listView), "activate", guint(position))
      XCTAssertTrue(MainContext.run(until: { window.shownPersonPage != nil }))
      let details = try XCTUnwrap(window.shownPersonPage)
      XCTAssertEqual(details.shownName, window.model[position].displayName)
      XCTAssertTrue(
        MainContext.run(until: { !details.avatar.avatar.isLoading }, timeout: .seconds(10)),
        "the avatar never arrived")
      XCTAssertTrue(details.avatar.avatar.expectsAvatar)
      XCTAssertNotNil(details.avatar.texture, "the panel's person view draws the avatar")
      // Opened by the user, it did not wait in the idle class behind the rows.
      XCTAssertEqual(pipeline.statistics().decodesInNormalClass, 1)
      window.goBack()
      XCTAssertNil(window.shownPersonPage)
    }
  }

  func testSearchFiltersByNameAndRoleAndClears() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = Self.openEmbedded()
      defer { window.close() }
      let everyone = window.model.count
      let name = window.model[17].username
      // Search matches usernames, display names, emails and roles.
      let expected = window.contents!.viewModels.filter {
        [$0.username, $0.details.displayName ?? "", $0.details.email ?? "", $0.roleText]
          .contains { $0.lowercased().contains(name.lowercased()) }
      }.count

      // Ctrl+F opens the search bar.
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, "win.search", nil), 0)
      XCTAssertTrue(window.isSearching)
      let rowsBuilt = window.factory.statistics.setups
      window.setSearchText(name.uppercased())
      XCTAssertTrue(
        MainContext.run(until: { window.searchMatches == expected }), "the search did not apply")
      XCTAssertTrue(window.model.elements.contains { $0.username == name })
      // The rows were re-bound in place, not rebuilt, and show the matches.
      XCTAssertTrue(
        MainContext.run(until: {
          !window.model.isReloading && window.factory.deferredRebindCount == 0
        }))
      XCTAssertEqual(window.factory.statistics.setups, rowsBuilt, "a search rebuilt rows")
      window.factory.forEachBoundRow { row, position in
        XCTAssertEqual(row.identity, window.model[position].identity)
      }
      XCTAssertEqual(window.subtitle, "\(expected) of 2,000 people")

      window.setSearchText("admin")
      let admins = window.contents!.viewModels.filter { $0.role == .admin }.count
      XCTAssertTrue(MainContext.run(until: { window.searchMatches == admins }))

      window.setSearchText("no such person anywhere")
      XCTAssertTrue(MainContext.run(until: { window.searchMatches == 0 }))
      XCTAssertEqual(window.subtitle, "No one matches “no such person anywhere”")

      window.setSearchText("")
      // Everyone comes back a chunk per step, between frames.
      XCTAssertTrue(
        MainContext.run(until: { window.searchMatches == nil && !window.model.isReloading }))
      XCTAssertEqual(window.model.count, everyone)
      XCTAssertEqual(window.subtitle, "2,000 people")
    }
  }

  func testTheShortcutsWindowListsEveryShortcut() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let main = MainWindow(
        application: nil, content: .source(RosterApplication.resolveSource(nil)))
      defer { main.close() }
      let controller = main.actions.shortcutController
      XCTAssertEqual(
        gtk_event_controller_get_widget(controller), main.window,
        "the shortcut controller is not on the window")
      // What is installed: every GtkShortcut's trigger, as GTK writes it.
      var installed: [String] = []
      let shortcuts = cgtk_list_model(gobject(controller))
      for position in 0..<g_list_model_get_n_items(shortcuts) {
        let shortcut = OpaquePointer(g_list_model_get_item(shortcuts, position))!
        defer { g_object_unref(gobject(shortcut)) }
        let text = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
        installed.append(String(cString: text))
        g_free(text)
      }
      XCTAssertEqual(
        Set(installed),
        [
          "<Control>r|F5", "<Control>g", "<Control>1", "<Control>2", "<Control>3", "<Control>f",
          "<Shift><Control>f", "F9", "<Alt>Left", "<Alt>Right", "F12", "<Control>question",
          "<Control>4", "<Control>c", "<Control>e", "<Shift><Control>m", "Menu|<Shift>F10",
        ])
      let shortcutList = main.actions.shortcutsWindowEntries
      for trigger in installed {
        let accelerator = trigger.split(separator: "|").joined(separator: " ")
        XCTAssertTrue(
          shortcutList.contains { $0.accelerator == accelerator },
          "\(trigger) is not in the shortcuts window")
      }

      let xml = ShortcutsWindow.xml(shortcutList)
      let builder = gtk_builder_new()!
      defer { g_object_unref(gobject(builder)) }
      var error: UnsafeMutablePointer<GError>?
      XCTAssertNotEqual(
        gtk_builder_add_from_string(builder, xml, -1, &error), 0, "invalid shortcuts XML")
      if let error { g_error_free(error) }
      let objects = gtk_builder_get_objects(builder)
      defer { g_slist_free(objects) }
      XCTAssertGreaterThanOrEqual(Int(g_slist_length(objects)), shortcutList.count)
      let window = gtk_builder_get_object(builder, "shortcuts")
      XCTAssertNotNil(window)
      if let window {
        gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
      }
    }
  }

  func testSettingsRoundTripAndSurviveDamage() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-settings-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("roster/settings.json")
    XCTAssertEqual(
      WindowSettings.load(from: file), WindowSettings(), "a missing file gives the defaults")

    var settings = WindowSettings()
    settings.width = 900
    settings.height = 700
    settings.grid = true
    try settings.save(to: file)
    XCTAssertEqual(WindowSettings.load(from: file), settings)

    try Data("{ not json".utf8).write(to: file)
    XCTAssertEqual(WindowSettings.load(from: file), WindowSettings())
    try Data(#"{"width": 5, "height": 99999, "grid": false}"#.utf8).write(to: file)
    let clamped = WindowSettings.load(from: file)
    XCTAssertEqual(clamped.width, 320)
    XCTAssertEqual(clamped.height, 8192)
  }
}
