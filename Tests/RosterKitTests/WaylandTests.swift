import CGtk
import Foundation
import GtkKit
import PreparedImages
import TestSupport
import XCTest

@testable import RosterKit

/// Roster under a Wayland compositor (`GDK_BACKEND=wayland`): the window
/// opens and its own screenshot shows its rows as they draw themselves, the
/// list scrolls by its adjustment, rows, avatars and the flattened header
/// bar follow the output's scale, and a username put on the clipboard is
/// read back by another Wayland client through the compositor.
///
/// `scripts/wayland-tests.sh` runs these (and the other window tests that
/// need no synthetic input) under a headless weston at output scale 1, then
/// at scale 2, then the clipboard check under a weston with a seat. Under
/// X11 they skip.
final class WaylandTests: XCTestCase {
  /// Set in the fresh process that checks the window under GL.
  private static let childVariable = "ROSTER_WAYLAND_CHILD"

  // MARK: The window and its screenshot

  /// The window on the embedded directory, with its avatars, saved by
  /// Roster's own screenshot (`.build/screenshots/wayland.png`, or
  /// `wayland-scale2.png` at scale 2); the PNG read back holds every row on
  /// screen as the row draws itself.
  func testTheWindowOpensAndItsScreenshotShowsItsRows() throws {
    try MainActor.assumeIsolated {
      let display = try Self.waylandDisplay()
      let window = try Self.openWindowWithAvatars(on: display)
      defer { window.close() }
      let scale = gtk_widget_get_scale_factor(window.window)
      let name = scale == 1 ? "wayland.png" : "wayland-scale\(scale).png"
      let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/\(name)").standardizedFileURL.path
      try? FileManager.default.removeItem(atPath: path)
      try Screenshot.save(window.window, to: path)
      print("screenshot: \(path)")

      // The PNG as saved, read back: the window's size at its scale.
      let saved = try TexturePixels(file: path)
      XCTAssertEqual(saved.width, Int(gtk_widget_get_width(window.window) * scale), path)
      XCTAssertEqual(saved.height, Int(gtk_widget_get_height(window.window) * scale), path)
      let comparison = try VisibleRowComparison(of: window, with: saved, scale: scale)
      print("wayland screenshot at scale \(scale): \(comparison)")
      XCTAssertGreaterThanOrEqual(comparison.rows, 8, "too few rows compared: \(comparison)")
      XCTAssertGreaterThan(comparison.pixels, comparison.rows * 600 * Int(scale * scale))
      XCTAssertEqual(comparison.differing, 0, "rows not as they draw themselves: \(comparison)")
    }
  }

  // MARK: Scrolling

  /// Setting the vertical adjustment scrolls to row 1,000, and the frames
  /// painted after it show exactly the rows on screen, each with its person.
  func testTheListScrollsByItsAdjustmentAndPaintsTheRowsItReaches() throws {
    try MainActor.assumeIsolated {
      _ = try Self.waylandDisplay()
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      defer { window.close() }
      // The first programmatic jump can be mis-applied in GTK 4.8 (the rows
      // stay at the top) unless the view has scrolled to an item once.
      gtk_widget_activate_action_variant(
        window.listView, "list.scroll-to-item", g_variant_new_uint32(0))
      WindowTestSupport.waitForFrames(window)  // the scroll applies at the next layout
      XCTAssertEqual(window.viewport.visible.lowerBound, 0)

      var painted: [Int: String] = [:]
      var mismatches: [String] = []
      let watcher = FrameRowWatcher(window) { row, position in
        painted[position] = row.shownName
        let expected = window.model[position].displayName
        if row.shownName != expected { mismatches.append("\(row.shownName) at \(position)") }
      }
      defer { watcher.stop() }
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
      let target = 1_000
      gtk_adjustment_set_value(adjustment, Double(target) * window.viewport.rowHeight)
      XCTAssertTrue(
        MainContext.run(until: { window.viewport.visible.lowerBound == target }),
        "the list did not scroll to row \(target): \(window.viewport.visible)")
      painted.removeAll()
      let framesBefore = watcher.frames
      XCTAssertTrue(
        MainContext.run(until: { watcher.frames >= framesBefore + 2 }, timeout: .seconds(5)),
        "no frame was painted after the scroll")
      let visible = window.viewport.visible
      print("scrolled to \(visible), \(watcher.frames - framesBefore) frames painted after it")
      XCTAssertGreaterThan(visible.count, 5)
      XCTAssertEqual(
        Set(painted.keys.filter { $0 < visible.upperBound }), Set(visible),
        "painted rows \(painted.keys.sorted()) against visible \(visible)")
      XCTAssertEqual(mismatches, [], "rows painted with someone else")
    }
  }

  // MARK: The output's scale

  /// The window and its rows take the output's scale, and the avatars are
  /// prepared at that many pixels a point (96 pixels for 48 points at 2).
  func testRowsAndTheirAvatarsAreDrawnAtTheOutputsScale() throws {
    try MainActor.assumeIsolated {
      let display = try Self.waylandDisplay()
      let window = try Self.openWindowWithAvatars(on: display)
      defer { window.close() }
      let scale = Self.outputScale(of: display)
      XCTAssertEqual(gtk_widget_get_scale_factor(window.window), scale)
      XCTAssertEqual(window.avatars?.scale, Int(scale), "avatars are prepared for another scale")
      var rows = 0
      var sides: [Int32: Int] = [:]
      window.factory.forEachBoundRow { row, position in
        guard window.viewport.visible.contains(position) else { return }
        rows += 1
        XCTAssertEqual(
          gtk_widget_get_scale_factor(row.widget), scale)
        if let texture = row.shownTexture { sides[gdk_texture_get_width(texture), default: 0] += 1 }
      }
      print("output scale \(scale): \(rows) visible rows, avatar textures by side \(sides)")
      XCTAssertGreaterThan(rows, 5)
      XCTAssertEqual(
        Array(sides.keys), [UserRow.avatarSize * scale],
        "avatar textures are not \(UserRow.avatarSize) points at \(scale) pixels a point")
      XCTAssertGreaterThan(sides.values.reduce(0, +), rows / 2, "too few rows show an avatar")
    }
  }

  /// In a fresh process under GL: the flattened header bar is one texture
  /// at the output's scale, and the rows in the window's screenshot are as
  /// they draw themselves.
  func testUnderGLTheHeaderBarAndTheRowsAreDrawnAtTheOutputsScale() throws {
    try MainActor.assumeIsolated { _ = try Self.waylandDisplay() }
    guard
      let report = try FreshTestProcess.output(
        of:
          "RosterKitTests.WaylandTests/testUnderGLTheHeaderBarAndTheRowsAreDrawnAtTheOutputsScale",
        variable: Self.childVariable, environment: ["GSK_RENDERER": "gl"],
        check: { try MainActor.assumeIsolated { try Self.describeGLWindow() } })
    else { return }
    let fields = FreshTestProcess.fields(report)
    print("under GL: " + report.split(separator: "\n").filter { $0.contains("gl=") }.joined())
    XCTAssertEqual(fields["gl"], 1, report)
    XCTAssertEqual(fields["scale"], fields["output_scale"], report)
    XCTAssertEqual(fields["texture"], 1, "the bar is drawn as one texture: \(report)")
    XCTAssertEqual(fields["texture_width"], (fields["width"] ?? 0) * (fields["scale"] ?? 0), report)
    XCTAssertEqual(
      fields["texture_height"], (fields["height"] ?? 0) * (fields["scale"] ?? 0), report)
    XCTAssertGreaterThanOrEqual(fields["rows"] ?? 0, 8, report)
    XCTAssertEqual(fields["differing"], 0, "rows not as they draw themselves: \(report)")
  }

  // MARK: The clipboard

  /// A username set on the display's clipboard is read by `wl-paste`, another
  /// Wayland client, through the compositor. Needs a seat, which weston's
  /// headless backend lacks: `scripts/wayland-tests.sh` runs it under
  /// weston's x11 backend.
  func testAUsernameOnTheClipboardIsReadByAnotherClient() throws {
    try MainActor.assumeIsolated {
      let display = try Self.waylandDisplay()
      guard gdk_display_get_default_seat(display) != nil else {
        throw XCTSkip(
          "the compositor offers no seat (weston's headless backend has none), so no "
            + "wl_data_device: scripts/wayland-tests.sh runs this under weston's x11 backend")
      }
      guard
        let wlPaste = ["/usr/bin/wl-paste", "/bin/wl-paste"].first(where: {
          FileManager.default.isExecutableFile(atPath: $0)
        })
      else { throw XCTSkip("wl-paste is missing: scripts/install-deps.sh installs wl-clipboard") }
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      defer { window.close() }
      let username = window.model[7].username
      let clipboard = gdk_display_get_clipboard(display)!
      gdk_clipboard_set_text(clipboard, username)
      XCTAssertNotEqual(gdk_clipboard_is_local(clipboard), 0)

      // Another client, reading through the compositor while this one's
      // loop runs to answer it.
      let process = Process()
      process.executableURL = URL(fileURLWithPath: wlPaste)
      process.arguments = ["--no-newline", "--type", "text/plain;charset=utf-8"]
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let finished = MainContext.run(until: { !process.isRunning }, timeout: .seconds(10))
      if !finished { process.terminate() }
      XCTAssertTrue(finished, "wl-paste did not finish")
      let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let problems = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      print("clipboard: set \"\(username)\", wl-paste read \"\(read)\" \(problems)")
      XCTAssertEqual(process.terminationStatus, 0, problems)
      XCTAssertEqual(read, username)
    }
  }

  // MARK: Helpers

  /// Where the skip message sends the reader.
  private static let runItWith =
    "scripts/wayland-tests.sh runs these under a headless weston (GDK_BACKEND=wayland)"

  /// GDK's display, or a skip unless it is a Wayland display.
  @MainActor private static func waylandDisplay() throws -> OpaquePointer {
    try WindowTestSupport.setUp()
    guard let display = gdk_display_get_default(),
      let name = g_type_name_from_instance(
        UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self)),
      String(cString: name) == "GdkWaylandDisplay"
    else { throw XCTSkip("GDK's display is not a Wayland display: \(runItWith)") }
    return display
  }

  /// The scale of the compositor's first output.
  @MainActor private static func outputScale(of display: OpaquePointer) -> Int32 {
    let monitors = gdk_display_get_monitors(display)!
    guard let monitor = g_list_model_get_item(monitors, 0) else { return 1 }
    defer { g_object_unref(monitor) }
    return gdk_monitor_get_scale_factor(OpaquePointer(monitor))
  }

  /// A window on the embedded directory with avatars, at the output's scale,
  /// with every visible row's avatar arrived.
  @MainActor private static func openWindowWithAvatars(on display: OpaquePointer) throws
    -> MainWindow
  {
    let configuration = WindowTestSupport.avatarConfiguration(disk: false)
    let window = WindowTestSupport.openEmbeddedWindow(
      pipeline: ImagePipeline(configuration: configuration))
    let scale = outputScale(of: display)
    XCTAssertTrue(
      MainContext.run(until: { gtk_widget_get_scale_factor(window.window) == scale }),
      "the window never took the output's scale \(scale)")
    XCTAssertTrue(
      MainContext.run(until: { window.visibleRowsWaitingForAvatars == 0 }, timeout: .seconds(20)),
      "visible avatars never arrived")
    // Frames with them.
    WindowTestSupport.waitForFrames(window)
    return window
  }

  /// In a fresh process under GL: the output's scale, the window's, the
  /// header bar's drawing and the visible rows against the window's own
  /// screenshot, as `name=value` fields.
  @MainActor private static func describeGLWindow() throws -> String {
    let display = try waylandDisplay()
    let window = try openWindowWithAvatars(on: display)
    defer { window.close() }
    let renderer = gtk_native_get_renderer(OpaquePointer(window.window))
    let type = UnsafeMutableRawPointer(renderer).flatMap {
      g_type_name_from_instance($0.assumingMemoryBound(to: GTypeInstance.self))
    }.map { String(cString: $0) }
    let scale = gtk_widget_get_scale_factor(window.window)
    var fields = "gl=\(type == "GskGLRenderer" ? 1 : 0) output_scale=\(outputScale(of: display))"
    fields += " scale=\(scale)"
    let bin = try XCTUnwrap(gtk_widget_get_parent(window.header.widget))
    fields += " width=\(gtk_widget_get_width(bin)) height=\(gtk_widget_get_height(bin))"
    fields += " " + describeBarTexture(of: bin)
    let shot = try TexturePixels(
      texture: Screenshot.render(
        window.window, width: gtk_widget_get_width(window.window),
        height: gtk_widget_get_height(window.window), scale: scale))
    let comparison = try VisibleRowComparison(of: window, with: shot, scale: scale)
    fields += " rows=\(comparison.rows) pixels=\(comparison.pixels)"
    fields += " differing=\(comparison.differing)"
    return fields
  }

  /// Whether the bin's own `snapshot` (the vfunc, called as GTK would) draws
  /// one texture node, and its size in pixels.
  @MainActor private static func describeBarTexture(of bin: Widget) -> String {
    let klass = UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GTypeInstance.self).pointee
      .g_class!
    let snapshot = gtk_snapshot_new()!
    UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GtkWidgetClass.self).pointee.snapshot?(
      bin, snapshot)
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return "texture=0" }
    defer { gsk_render_node_unref(node) }
    guard gsk_render_node_get_node_type(node) == GSK_TEXTURE_NODE,
      let texture = gsk_texture_node_get_texture(node)
    else { return "texture=0" }
    return "texture=1 texture_width=\(gdk_texture_get_width(texture))"
      + " texture_height=\(gdk_texture_get_height(texture))"
  }
}
