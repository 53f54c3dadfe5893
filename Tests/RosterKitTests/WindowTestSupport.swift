import CAdw
import CGtk
import Directory
import Foundation
import GtkKit
import PreparedImages
import RosterKit
import SharedSupport
import XCTest

/// Shared set-up for tests that open real Roster windows under Xvfb.
@MainActor
enum WindowTestSupport {
  /// Sets GTK up for the app's windows, once; skips the test without a display.
  static func setUp() throws {
    guard WindowlessGTK.start() else { throw XCTSkip("no display: run the tests under xvfb-run") }
  }

  /// A pipeline's configuration for a test that waits for avatars: its
  /// decodes run in the normal scheduling class, so a busy machine (whose
  /// other work always wins over the idle class) cannot keep them from
  /// finishing. Without a disk cache unless `disk` is true.
  nonisolated static func avatarConfiguration(disk: Bool = true) -> ImagePipelineConfiguration {
    var configuration = ImagePipelineConfiguration()
    configuration.decodesInIdleClass = false
    if !disk { configuration.diskCacheDirectory = nil }
    return configuration
  }

  /// Opens a window on `source` and waits for the first load to finish.
  static func openWindow(source: Result<DirectorySource, DirectoryError>) -> MainWindow {
    let window = MainWindow(application: nil, content: .source(source))
    window.present()
    window.refresh()
    waitForLoad(window)
    return window
  }

  /// Opens a window on the embedded directory (with `pipeline`, or no avatars; its rows
  /// counting into `probe`) and waits for the first load and rows on screen.
  static func openEmbeddedWindow(
    pipeline: ImagePipeline?, probe: RowProbe = RowProbe(),
    file: StaticString = #filePath, line: UInt = #line
  ) -> MainWindow {
    let window = MainWindow(
      application: nil, content: .source(RosterApplication.resolveSource(nil)), pipeline: pipeline,
      probe: probe)
    window.present()
    window.refresh()
    waitForLoad(window, file: file, line: line)
    // A screenful, at the window's own size: a window's first layout can be
    // a transient one (under Wayland at scale 2, libadwaita 1.2's flap gave
    // the pages a width of INT_MIN for a frame) with two rows on screen.
    XCTAssertTrue(
      MainContext.run(until: { window.hasVisibleRows && window.viewport.visible.count > 5 }),
      "no screenful of rows", file: file, line: line)
    return window
  }

  /// A window on a users.json of `text` in a folder of its own, once its
  /// rows are on screen; the folder lives as long as the caller keeps it.
  static func open(_ text: String) throws -> (MainWindow, TemporaryDirectory) {
    try setUp()
    let folder = try TemporaryDirectory()
    try folder.write(text)
    let window = openWindow(on: folder)
    XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")
    return (window, folder)
  }

  /// Opens a window on `directory`'s users.json and waits for the first load.
  static func openWindow(on directory: TemporaryDirectory) -> MainWindow {
    openWindow(source: fileSource(directory.usersFile))
  }

  /// Runs the main loop until `window` has painted `count` more frames
  /// (asking for each), so that what GTK lays out after a change (a scroll,
  /// a refresh) is read once it has happened, not after a guessed time.
  static func waitForFrames(
    _ window: MainWindow, _ count: Int = 2, file: StaticString = #filePath, line: UInt = #line
  ) {
    waitForFrames(of: window.window, count, file: file, line: line)
  }

  /// The same for any widget on screen (a dialog, a popover, a bare window): `count` frames of
  /// its own frame clock.
  static func waitForFrames(
    of widget: Widget, _ count: Int = 2, file: StaticString = #filePath, line: UInt = #line
  ) {
    let clock = gtk_widget_get_frame_clock(widget)!
    var painted = 0
    let connection = Signals.connect(gobject(clock), .afterPaint) {
      painted += 1
      if painted < count { gtk_widget_queue_draw(widget) }
    }
    defer { connection.disconnect() }
    gtk_widget_queue_draw(widget)
    let done = MainContext.run(until: { painted >= count }, timeout: .seconds(10))
    XCTAssertTrue(done, "the window painted no frame", file: file, line: line)
  }

  /// Runs the main loop until nothing in `window` moves (no stack in a transition, every
  /// revealer shown or hidden, the sidebar's flap fully in or out) and two more frames have
  /// painted, so that a screenshot or a measurement reads the window at rest, not part way
  /// through an animation that a busy machine draws late.
  static func waitUntilStill(
    _ window: MainWindow, file: StaticString = #filePath, line: UInt = #line
  ) {
    waitUntilStill(toplevel: window.window, file: file, line: line)
  }

  /// The same for any toplevel on screen (a dialog).
  static func waitUntilStill(
    toplevel: Widget, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertTrue(
      MainContext.run(until: { !isMoving(toplevel) }, timeout: .seconds(20)),
      "the window did not come to rest", file: file, line: line)
    waitForFrames(of: toplevel, 2, file: file, line: line)
  }

  /// Whether `widget` or a widget under it is in an animation: a stack's transition, a
  /// revealer on its way in or out, a flap part way open.
  private static func isMoving(_ widget: Widget) -> Bool {
    let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
    func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(instance, type) != 0 }
    if isA(gtk_stack_get_type()), gtk_stack_get_transition_running(gtkObject(widget)) != 0 {
      return true
    }
    if isA(gtk_revealer_get_type()),
      gtk_revealer_get_child_revealed(gtkObject(widget))
        != gtk_revealer_get_reveal_child(gtkObject(widget))
    {
      return true
    }
    if isA(adw_flap_get_type()) {
      let progress = adw_flap_get_reveal_progress(gtkObject(widget))
      if progress != 0, progress != 1 { return true }
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if isMoving(current) { return true }
      child = gtk_widget_get_next_sibling(current)
    }
    return false
  }

  static func waitForLoad(_ window: MainWindow, file: StaticString = #filePath, line: UInt = #line)
  {
    let finished = MainContext.run(until: { !window.isLoading }, timeout: .seconds(30))
    XCTAssertTrue(finished, "the load did not finish", file: file, line: line)
    // What the load laid out is read once GTK has painted it, not after a guessed time; a
    // window not shown (yet) paints nothing, and only runs the work the load left pending.
    if gtk_widget_get_mapped(window.window) != 0 {
      waitForFrames(window, 1, file: file, line: line)
    } else {
      XCTAssertTrue(
        MainContext.run(until: { g_main_context_pending(nil) == 0 }, timeout: .seconds(20)),
        "the main loop always had work ready", file: file, line: line)
    }
  }

  /// The clipboard as `target` (an X selection target), read by xclip
  /// while the window serves it (its output drained as it comes, so a
  /// paste bigger than a pipe's buffer does not stall it).
  static func clipboard(_ target: String) throws -> String {
    let xclip = Process()
    xclip.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
    xclip.arguments = ["-selection", "clipboard", "-o", "-t", target]
    let output = Pipe()
    xclip.standardOutput = output
    xclip.standardError = FileHandle.nullDevice
    try xclip.run()
    let read = PipeReader(descriptor: output.fileHandleForReading.fileDescriptor)
    XCTAssertTrue(
      MainContext.run(until: { !xclip.isRunning }, timeout: .seconds(20)), "xclip did not end")
    XCTAssertEqual(xclip.terminationStatus, 0, "xclip could not read \(target)")
    return String(decoding: read.wait(), as: UTF8.self)
  }

  static func fileSource(_ url: URL) -> Result<DirectorySource, DirectoryError> {
    Result { () throws(DirectoryError) in try DirectorySource(argument: url.path) }
  }
}

/// A temporary folder holding a users.json the test can rewrite.
final class TemporaryDirectory {
  let folder: URL
  var usersFile: URL { folder.appendingPathComponent("users.json") }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func write(_ text: String) throws {
    try Data(text.utf8).write(to: usersFile)
  }

  func writeUsers(_ names: [String]) throws {
    let entries = names.map { #"{"username": "\#($0)", "role": "User", "avatar": ""}"# }
    try write("[" + entries.joined(separator: ",\n") + "]")
  }
}
