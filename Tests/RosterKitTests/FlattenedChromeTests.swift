import CGtk
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// Under GL, where GTK repaints the whole window in each frame, the header bar is drawn as one
/// texture: rendered again when it changes, never while the list scrolls, with the pixels it
/// would have drawn itself, at the window's scale. Under cairo it draws as it is.
final class FlattenedChromeTests: XCTestCase {
  private static let childVariable = "ROSTER_FLATTENED_CHROME_CHILD"

  func testUnderGLTheHeaderBarIsOneTextureThatScrollingLeavesAlone() throws {
    guard
      let report = try FreshTestProcess.output(
        of:
          "RosterKitTests.FlattenedChromeTests/testUnderGLTheHeaderBarIsOneTextureThatScrollingLeavesAlone",
        variable: Self.childVariable, environment: ["GSK_RENDERER": "gl", "GDK_DEBUG": nil],
        check: { try MainActor.assumeIsolated { try Self.scrollAndReport() } })
    else { return }
    let fields = FreshTestProcess.fields(report)
    XCTAssertEqual(fields["gl"], 1, report)
    XCTAssertEqual(fields["texture"], 1, "the bar is drawn as one texture node: \(report)")
    // At the window's scale (2 on a HiDPI Wayland output).
    XCTAssertEqual(fields["texture_width"], (fields["width"] ?? 0) * (fields["scale"] ?? 0), report)
    XCTAssertEqual(
      fields["texture_height"], (fields["height"] ?? 0) * (fields["scale"] ?? 0), report)
    XCTAssertEqual(fields["renders_while_scrolling"], 0, report)
    XCTAssertEqual(fields["frames_scrolled"], 30, report)
    XCTAssertGreaterThan(
      fields["renders_after_subtitle"] ?? 0, 0, "a new subtitle draws the bar again: \(report)")
    XCTAssertGreaterThan(
      fields["renders_after_remap"] ?? 0, 0, "a window shown again draws it again: \(report)")
    XCTAssertEqual(fields["pixels_differing"], 0, "flattened as drawn directly: \(report)")
    XCTAssertGreaterThan(fields["pixels_compared"] ?? 0, 10_000, report)
  }

  func testAtTwiceTheScaleTheTextureHasTwiceThePixels() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let display = UnsafeMutableRawPointer(gdk_display_get_default())
      let type = display.flatMap {
        g_type_name_from_instance($0.assumingMemoryBound(to: GTypeInstance.self))
      }
      if type.map({ String(cString: $0) }) == "GdkWaylandDisplay" {
        throw XCTSkip(
          "GDK_SCALE sets the scale under X11 only; under Wayland the output's does "
            + "(WaylandTests checks the bar at weston's scale 2)")
      }
    }
    guard
      let report = try FreshTestProcess.output(
        of: "RosterKitTests.FlattenedChromeTests/testAtTwiceTheScaleTheTextureHasTwiceThePixels",
        variable: Self.childVariable,
        environment: ["GSK_RENDERER": "gl", "GDK_DEBUG": nil, "GDK_SCALE": "2"],
        check: {
          try MainActor.assumeIsolated {
            try WindowTestSupport.setUp()
            let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
            defer { window.close() }
            let bin = try XCTUnwrap(gtk_widget_get_parent(window.header.widget))
            return Self.describeDrawing(of: bin)
          }
        })
    else { return }
    let fields = FreshTestProcess.fields(report)
    XCTAssertEqual(fields["scale"], 2, report)
    XCTAssertEqual(fields["texture"], 1, report)
    XCTAssertEqual(fields["texture_width"], (fields["width"] ?? 0) * 2, report)
    XCTAssertEqual(fields["texture_height"], (fields["height"] ?? 0) * 2, report)
  }

  func testUnderCairoTheHeaderBarDrawsAsItIs() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      defer { window.close() }
      let renderer = gtk_native_get_renderer(OpaquePointer(window.window))
      let instance = UnsafeMutableRawPointer(renderer)?.assumingMemoryBound(to: GTypeInstance.self)
      guard
        instance.flatMap({ g_type_name_from_instance($0) }).map({ String(cString: $0) })
          == "GskCairoRenderer"
      else { throw XCTSkip("the tests' windows are drawn by cairo (GSK_RENDERER=cairo)") }
      let before = window.probe.headerRenders.count
      let bin = try XCTUnwrap(gtk_widget_get_parent(window.header.widget))
      let report = Self.describeDrawing(of: bin)
      XCTAssertEqual(FreshTestProcess.fields(report)["texture"], 0, report)
      window.header.subtitleText = "changed"
      MainContext.run(until: { false }, timeout: .milliseconds(100))
      XCTAssertEqual(window.probe.headerRenders.count, before)
    }
  }

  /// In the GL child: the bar's drawing, what scrolling, a new subtitle and hiding the window
  /// did to the bin's renders, and the flattened pixels against the bar drawn directly.
  @MainActor private static func scrollAndReport() throws -> String {
    try WindowTestSupport.setUp()
    let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
    defer { window.close() }
    let renderer = gtk_native_get_renderer(OpaquePointer(window.window))
    let instance = UnsafeMutableRawPointer(renderer)?.assumingMemoryBound(to: GTypeInstance.self)
    let gl = instance.flatMap { g_type_name_from_instance($0) }.map { String(cString: $0) }
    let bin = try XCTUnwrap(gtk_widget_get_parent(window.header.widget))
    let clock = gtk_widget_get_frame_clock(window.window)!
    // The bar drawn into its texture once and two frames painted since (not
    // a span of time: a first render a busy machine makes late would count
    // as one made while scrolling). Under any other renderer there is no
    // texture to wait for, and the report's "gl" says so.
    if gl == "GskGLRenderer" {
      _ = MainContext.run(until: { window.probe.headerRenders.count > 0 })
    }
    WindowTestSupport.waitForFrames(window, 2)

    // Scroll a frame at a time while the bar stays as it is: 30 steps, each
    // waiting for the frame that paints it, so the count is 30 on any
    // machine (it falls short only if a frame never comes).
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.listView))!
    let before = window.probe.headerRenders.count
    var scrolled = 0
    for _ in 0..<30 {
      let counter = gdk_frame_clock_get_frame_counter(clock)
      gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + 37)
      let painted = MainContext.run(
        until: { gdk_frame_clock_get_frame_counter(clock) > counter }, timeout: .seconds(10))
      guard painted else { break }
      scrolled += 1
    }
    let whileScrolling = window.probe.headerRenders.count - before

    let beforeSubtitle = window.probe.headerRenders.count
    window.header.subtitleText = "A new subtitle"
    _ = MainContext.run(
      until: { window.probe.headerRenders.count > beforeSubtitle }, timeout: .seconds(5))
    let afterSubtitle = window.probe.headerRenders.count - beforeSubtitle

    let beforeRemap = window.probe.headerRenders.count
    gtk_widget_set_visible(window.window, 0)
    MainContext.run(for: .milliseconds(100))
    gtk_widget_set_visible(window.window, 1)
    _ = MainContext.run(
      until: { window.probe.headerRenders.count > beforeRemap }, timeout: .seconds(5))
    let afterRemap = window.probe.headerRenders.count - beforeRemap
    WindowTestSupport.waitForFrames(window)

    return "gl=\(gl == "GskGLRenderer" ? 1 : 0) frames_scrolled=\(scrolled)"
      + " renders_while_scrolling=\(whileScrolling) renders_after_subtitle=\(afterSubtitle)"
      + " renders_after_remap=\(afterRemap) " + describeDrawing(of: bin) + " "
      + comparePixels(of: bin)
  }

  /// Whether `bin` draws one texture node, its size in pixels and the bin's in points.
  @MainActor private static func describeDrawing(of bin: UnsafeMutablePointer<GtkWidget>) -> String
  {
    let scale = gtk_widget_get_scale_factor(bin)
    var fields =
      "scale=\(scale) width=\(gtk_widget_get_width(bin)) height=\(gtk_widget_get_height(bin))"
    guard let node = snapshotOfBin(bin) else { return fields + " texture=0" }
    defer { gsk_render_node_unref(node) }
    guard gsk_render_node_get_node_type(node) == GSK_TEXTURE_NODE,
      let texture = gsk_texture_node_get_texture(node)
    else { return fields + " texture=0" }
    fields += " texture=1 texture_width=\(gdk_texture_get_width(texture))"
    fields += " texture_height=\(gdk_texture_get_height(texture))"
    return fields
  }

  /// What the bin's own `snapshot` draws (the vfunc, called as GTK would).
  @MainActor private static func snapshotOfBin(_ bin: UnsafeMutablePointer<GtkWidget>)
    -> OpaquePointer?
  {
    let klass = UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GTypeInstance.self).pointee
      .g_class!
    let snapshot = gtk_snapshot_new()!
    UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GtkWidgetClass.self).pointee.snapshot?(
      bin, snapshot)
    return gtk_snapshot_free_to_node(snapshot)
  }

  /// The bin's flattened drawing and its child's own, each rendered by the window's renderer at
  /// the window's scale, compared byte for byte.
  @MainActor private static func comparePixels(of bin: UnsafeMutablePointer<GtkWidget>) -> String {
    guard let child = gtk_widget_get_first_child(bin),
      let renderer = gtk_native_get_renderer(gtk_widget_get_native(bin))
    else { return "pixels_compared=0" }
    let scale = Float(gtk_widget_get_scale_factor(bin))
    // Both drawings scaled to the window's pixels, as the window draws them.
    let flattenedSnapshot = gtk_snapshot_new()!
    gtk_snapshot_scale(flattenedSnapshot, scale, scale)
    let klass = UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GTypeInstance.self).pointee
      .g_class!
    UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GtkWidgetClass.self).pointee.snapshot?(
      bin, flattenedSnapshot)
    guard let flattened = gtk_snapshot_free_to_node(flattenedSnapshot) else {
      return "pixels_compared=0"
    }
    defer { gsk_render_node_unref(flattened) }
    let direct = gtk_snapshot_new()!
    gtk_snapshot_scale(direct, scale, scale)
    gtk_widget_snapshot_child(bin, child, direct)
    guard let directNode = gtk_snapshot_free_to_node(direct) else { return "pixels_compared=0" }
    defer { gsk_render_node_unref(directNode) }
    var viewport = graphene_rect_t(
      origin: graphene_point_t(x: 0, y: 0),
      size: graphene_size_t(
        width: Float(gtk_widget_get_width(bin)) * scale,
        height: Float(gtk_widget_get_height(bin)) * scale))
    let a = pixels(gsk_renderer_render_texture(renderer, flattened, &viewport))
    let b = pixels(gsk_renderer_render_texture(renderer, directNode, &viewport))
    guard a.count == b.count, !a.isEmpty else {
      return "pixels_compared=0 sizes=\(a.count)/\(b.count)"
    }
    let differing = zip(a, b).filter { abs(Int($0) - Int($1)) > 1 }.count
    return "pixels_compared=\(a.count) pixels_differing=\(differing)"
  }

  @MainActor private static func pixels(_ texture: OpaquePointer?) -> [UInt8] {
    guard let texture else { return [] }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    let width = Int(gdk_texture_get_width(texture))
    let height = Int(gdk_texture_get_height(texture))
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    bytes.withUnsafeMutableBytes {
      gdk_texture_download(
        texture, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), gsize(width * 4))
    }
    return bytes
  }

}
