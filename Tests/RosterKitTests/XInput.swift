import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// Real X input for window tests: xdotool drives the pointer and the wheel
/// under Xvfb while the GLib loop keeps handling events.
@MainActor
enum XInput {
  /// Runs xdotool with `arguments` while the GLib loop keeps handling events.
  static func xdotool(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    MainContext.run(until: { !process.isRunning }, timeout: .seconds(60))
    let data = output.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Presses `keys` (xdotool key names) through XTEST, in the toplevel
  /// `window` id (which takes the X focus first) or wherever the focus is.
  ///
  /// `xdotool key --window` picks XTEST or a sent event per event, by which
  /// window has the focus at that moment: a Return that opens another window
  /// goes down through XTEST and comes up as a sent event, so the X server
  /// holds it down and repeats it into every later window. Keys are
  /// therefore never sent with `--window`, and none may stay held.
  static func key(_ keys: [String], in window: String? = nil) throws {
    if let window { _ = try xdotool(["windowfocus", "--sync", window]) }
    _ = try xdotool(["key"] + keys)
    XCTAssertTrue(
      MainContext.run(until: { heldKeys() == 0 }, timeout: .seconds(2)),
      "the X server still holds \(heldKeys()) key(s) down after \(keys)")
  }

  /// How many keys the X server holds down now (XQueryKeymap on GDK's own
  /// connection; 0 off X11). libX11 and GDK's X11 backend are already loaded
  /// with GTK; they are looked up by name so the tests need no Xlib headers.
  static func heldKeys() -> Int {
    typealias XDisplayOf = @convention(c) (UnsafeMutableRawPointer?) -> OpaquePointer?
    typealias QueryKeymap = @convention(c) (OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int32
    guard let display = gdk_display_get_default(),
      let displayOf = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gdk_x11_display_get_xdisplay"),
      let query = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "XQueryKeymap"),
      let xdisplay = unsafeBitCast(displayOf, to: XDisplayOf.self)(UnsafeMutableRawPointer(display))
    else { return 0 }
    var keys = [CChar](repeating: 0, count: 32)
    _ = unsafeBitCast(query, to: QueryKeymap.self)(xdisplay, &keys)
    return keys.reduce(0) { $0 + UInt8(bitPattern: $1).nonzeroBitCount }
  }

  /// A window with a unique title, and its X window id: on the embedded
  /// directory, or on `users` people built in memory (as a load would).
  static func openWindow(users: Int? = nil, grid: Bool = false) throws -> (MainWindow, String) {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
      throw XCTSkip("xdotool is not installed (make deps)")
    }
    try WindowTestSupport.setUp()
    XCTAssertEqual(heldKeys(), 0, "a key is held down from an earlier test")
    let window = MainWindow(
      application: nil, content: .source(RosterApplication.resolveSource(nil)))
    window.present()
    if let users {
      let source = DirectorySource.file(URL(fileURLWithPath: "/nonexistent/users.json"))
      let viewModels = (0..<users).map { UserViewModel(user: User(username: "person\($0)")) }
      window.display(DirectoryContents(source: source, viewModels: viewModels))
    } else {
      window.refresh()
      WindowTestSupport.waitForLoad(window)
    }
    window.isGridMode = grid
    MainContext.run(until: { window.hasVisibleRows })
    return (window, try windowID(of: window))
  }

  /// Types `text` on the keyboard (XTEST) into `entry` (a GtkEditable, empty or all selected
  /// when it takes the focus) of the toplevel `window`, and waits until the entry holds it.
  static func type(
    _ text: String, into entry: Widget, of window: Widget, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let id = try windowID(ofToplevel: window)
    _ = try xdotool(["windowfocus", "--sync", id])
    gtk_widget_grab_focus(entry)
    XCTAssertTrue(
      MainContext.run(
        until: {
          gtk_window_is_active(cgtk_window(window)) != 0
            && gtk_window_get_focus(cgtk_window(window)).map {
              $0 == entry || gtk_widget_is_ancestor($0, entry) != 0
            } ?? false
        }, timeout: .seconds(20)), "the entry did not take the focus", file: file, line: line)
    _ = try xdotool(["type", "--delay", "10", text])
    // xdotool returns once the keys are sent: GTK handles them after.
    XCTAssertTrue(
      MainContext.run(
        until: { String(cString: gtk_editable_get_text(gtkObject(entry))).hasSuffix(text) },
        timeout: .seconds(20)),
      "the entry holds \(String(cString: gtk_editable_get_text(gtkObject(entry)))), not \(text)",
      file: file, line: line)
  }

  /// The X window id of `window`, found by a unique title.
  static func windowID(of window: MainWindow) throws -> String {
    try windowID(ofToplevel: window.window)
  }

  /// The X window id of the toplevel `window` (a window or a dialog).
  static func windowID(ofToplevel window: Widget) throws -> String {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
      throw XCTSkip("xdotool is not installed (make deps)")
    }
    let title = "roster-input-\(UUID().uuidString)"
    gtk_window_set_title(cgtk_window(window), title)
    // GDK sets the title on the X window at once; a round trip makes sure the X server has it
    // before xdotool asks. Asked again (as long as a failure allows) if a window just shown
    // is not on the display yet.
    let deadline = ContinuousClock.now + .seconds(20)
    var id = ""
    repeat {
      gdk_display_sync(gtk_widget_get_display(window))
      id =
        try xdotool(["search", "--name", title]).split(separator: "\n").first.map(String.init)
        ?? ""
    } while id.isEmpty && ContinuousClock.now < deadline
    XCTAssertFalse(id.isEmpty, "the window is not on the X display")
    return id
  }
}

/// The pointer events GTK delivers to a toplevel, counted as they come: seen first (a
/// capture-phase legacy controller on the window) and passed on untouched. xdotool returns once
/// it has sent its events; a test waits until GTK has had the last of them, not for a span of
/// time a busy machine may overrun.
@MainActor
final class DeliveredInput {
  /// Button releases (the end of a click or a drag).
  private(set) var buttonReleases = 0
  /// Wheel clicks, downwards positive (a smooth scroll counts its delta).
  private(set) var wheelClicks = 0.0
  private let toplevel: Widget
  private let controller: OpaquePointer

  /// Starts counting what `toplevel` is delivered.
  init(on toplevel: Widget) {
    self.toplevel = toplevel
    controller = gtkObject(gtk_event_controller_legacy_new()!)
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    // gboolean (*)(GtkEventControllerLegacy *self, GdkEvent *event, gpointer user_data)
    let handler: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = {
      _, event, data in
      let counts = Unmanaged<DeliveredInput>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated { counts.note(event!) }
      return 0
    }
    g_signal_connect_data(
      gobject(controller), "event", unsafeBitCast(handler, to: GCallback.self),
      Unmanaged.passRetained(self).toOpaque(),
      { data, _ in Unmanaged<DeliveredInput>.fromOpaque(data!).release() }, GConnectFlags(0))
    gtk_widget_add_controller(toplevel, controller)
  }

  /// Stops counting (the window lets the controller go, and with it this counter).
  func stop() { gtk_widget_remove_controller(toplevel, controller) }

  private func note(_ event: OpaquePointer) {
    switch gdk_event_get_event_type(event) {
    case GDK_BUTTON_RELEASE: buttonReleases += 1
    case GDK_SCROLL:
      switch gdk_scroll_event_get_direction(event) {
      case GDK_SCROLL_DOWN: wheelClicks += 1
      case GDK_SCROLL_UP: wheelClicks -= 1
      case GDK_SCROLL_SMOOTH:
        var dx = 0.0
        var dy = 0.0
        gdk_scroll_event_get_deltas(event, &dx, &dy)
        wheelClicks += dy
      default: break
      }
    default: break
    }
  }
}
