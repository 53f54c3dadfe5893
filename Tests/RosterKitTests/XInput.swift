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
    let window = MainWindow(application: nil, source: RosterApplication.resolveSource(nil))
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

  /// Types `text` on the keyboard (XTEST) into `entry` of the toplevel `window`.
  static func type(_ text: String, into entry: Widget, of window: Widget) throws {
    let id = try windowID(ofToplevel: window)
    _ = try xdotool(["windowfocus", "--sync", id])
    gtk_widget_grab_focus(entry)
    MainContext.run(for: .milliseconds(100))
    _ = try xdotool(["type", "--delay", "10", text])
    MainContext.run(for: .milliseconds(200))
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
    MainContext.run(for: .milliseconds(200))
    let id =
      try xdotool(["search", "--name", title]).split(separator: "\n").first.map(String.init) ?? ""
    XCTAssertFalse(id.isEmpty, "the window is not on the X display")
    return id
  }
}
