import CAdw
import CGtk
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The libadwaita chrome around Roster's rows: an AdwWindow with an
/// AdwHeaderBar, a toast when a refresh changed people, status pages whose
/// description does not repeat their title, the about window, and the dark
/// style from libadwaita's style manager.
final class AdwChromeTests: XCTestCase {
  @MainActor private static func isA(_ widget: Widget, _ type: GType) -> Bool {
    g_type_check_instance_is_a(
      UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }

  func testTheWindowIsLibadwaitasAndARefreshThatChangedPeopleSaysSoInAToast() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada", "grace", "linus"])
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      XCTAssertTrue(Self.isA(window.window, adw_window_get_type()))
      XCTAssertTrue(Self.isA(window.header.widget, adw_header_bar_get_type()))
      XCTAssertNil(window.lastToast, "the first load is not news")

      try directory.writeUsers(["ada", "grace", "linus"])
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      XCTAssertNil(window.lastToast, "a refresh that changed nothing says nothing")

      try directory.writeUsers(["ada", "grace", "ken", "linus", "margaret"])
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      XCTAssertEqual(window.lastToast, "2 people changed")
    }
  }

  func testAFailedRefreshsToastShowsItsReasonAsPlainText() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      // The reason will quote this path; as Pango markup it would turn bold.
      let folder = directory.folder.appendingPathComponent("<b>team</b> & co")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("users.json")
      try Data(#"[{"username": "ada"}, {"username": "grace"}]"#.utf8).write(to: file)
      let window = WindowTestSupport.openWindow(source: WindowTestSupport.fileSource(file))
      defer { window.close() }

      try FileManager.default.removeItem(at: file)
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      let toast = try XCTUnwrap(window.lastToast)
      XCTAssertTrue(toast.contains("<b>team</b> & co/users.json"), toast)
      let title = try XCTUnwrap(Self.toastTitle(in: window), "no toast title of Roster's")
      XCTAssertEqual(String(cString: gtk_label_get_text(gtkObject(title))), toast)
      XCTAssertEqual(gtk_label_get_use_markup(gtkObject(title)), 0)

      // Once it has slid in, for the README: where it was a frame before (libadwaita moves it
      // in each frame of its slide).
      var place = Self.toastPlace(of: title, in: window)
      while true {
        WindowTestSupport.waitForFrames(window, 1)
        let now = Self.toastPlace(of: title, in: window)
        if now == place { break }
        place = now
      }
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/failed-refresh-toast.png").standardizedFileURL.path
      try Screenshot.save(window.window, to: path)
    }
  }

  /// Where the toast's `title` is in `window` (nil: nowhere on it).
  @MainActor private static func toastPlace(of title: Widget, in window: MainWindow) -> [Float]? {
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(title, window.window, &bounds) != 0 else { return nil }
    return [bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height]
  }

  /// The label Roster puts in a toast over `window`'s pages, if one shows.
  @MainActor private static func toastTitle(in window: MainWindow) -> Widget? {
    func search(_ widget: Widget) -> Widget? {
      if gtk_widget_has_css_class(widget, "toast-title") != 0 { return widget }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        if let found = search(current) { return found }
        child = gtk_widget_get_next_sibling(current)
      }
      return nil
    }
    return search(window.toasts.widget)
  }

  func testTheErrorPageSaysWhyWithoutRepeatingItsTitleAndShowsMarkupAsText() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.write("<html>not a directory</html>")
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      guard case .failed(let message) = window.state else {
        return XCTFail("expected the error state, got \(window.state)")
      }
      let reason = window.pages.errorDescription
      XCTAssertTrue(reason.hasPrefix("Malformed JSON at byte 0"), reason)
      XCTAssertFalse(reason.contains("Can't retrieve the directory"), reason)
      XCTAssertEqual(message, "Can't retrieve the directory: \(reason)")
    }
  }

  func testAboutShowsTheVersionAndTheLicence() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
      defer { window.close() }
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, "menu.about", nil), 0)
      let toplevels = gtk_window_get_toplevels()!
      var about: Widget?
      for index in 0..<g_list_model_get_n_items(toplevels) {
        let item = g_list_model_get_item(toplevels, index)!
        defer { g_object_unref(item) }
        let widget = item.assumingMemoryBound(to: GtkWidget.self)
        if Self.isA(widget, adw_about_window_get_type()) { about = widget }
      }
      let shown = try XCTUnwrap(about, "no about window")
      defer { gtk_window_destroy(cgtk_window(shown)) }
      XCTAssertEqual(
        String(cString: adw_about_window_get_version(gtkObject(shown))), RosterVersion.current)
      XCTAssertEqual(adw_about_window_get_license_type(gtkObject(shown)), GTK_LICENSE_MIT_X11)
      XCTAssertEqual(
        String(cString: adw_about_window_get_application_icon(gtkObject(shown))),
        "org.roster.Roster")
    }
  }

  func testTheDarkStyleComesFromTheStyleManager() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let manager = adw_style_manager_get_default()!
      defer { adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_DEFAULT) }
      XCTAssertEqual(adw_style_manager_get_dark(manager), 0, "light unless the system asks")
      adw_style_manager_set_color_scheme(manager, ADW_COLOR_SCHEME_FORCE_DARK)
      XCTAssertNotEqual(adw_style_manager_get_dark(manager), 0)
    }
  }
}
