import CGtk
import GtkKit
import XCTest

@testable import RosterKit

/// A window with no compositor to draw its shadow (solid-csd, as under Xvfb)
/// gets its frame from roster.css as a border and an outline, not from the
/// theme's inset box-shadows over the whole window, which the GL renderer
/// shades again in every frame while the list scrolls.
final class WindowFrameTests: XCTestCase {
  func testTheWindowFrameIsNotAShadowOverTheWholeWindow() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada", "grace", "linus"])
      let window = WindowTestSupport.openWindow(on: directory)
      defer { window.close() }
      MainContext.run(until: { window.hasVisibleRows })
      guard gtk_widget_has_css_class(window.window, "solid-csd") != 0 else {
        throw XCTSkip("the window is not solid-csd here (a compositor draws its shadow)")
      }
      XCTAssertEqual(try Self.windowSizedShadows(in: window.window), 0)

      // The count counts: the theme's frame, put back over roster.css.
      let provider = gtk_css_provider_new()!
      defer { g_object_unref(gobject(provider)) }
      let css = "window.solid-csd { box-shadow: inset 0 0 0 5px red, inset 0 0 0 1px blue; }"
      gtk_css_provider_load_from_data(provider, css, -1)
      let display = gtk_widget_get_display(window.window)
      gtk_style_context_add_provider_for_display(
        display, gtkObject(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_USER))
      defer { gtk_style_context_remove_provider_for_display(display, gtkObject(provider)) }
      WindowTestSupport.waitForFrames(window)  // the new style applies as GTK lays the window out
      XCTAssertEqual(try Self.windowSizedShadows(in: window.window), 2)
    }
  }

  /// Shadow nodes in what `window` draws that span most of it.
  @MainActor private static func windowSizedShadows(in window: Widget) throws -> Int {
    let width = Float(gtk_widget_get_width(window))
    let height = Float(gtk_widget_get_height(window))
    let paintable = gtk_widget_paintable_new(window)!
    defer { g_object_unref(gobject(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
    defer { gsk_render_node_unref(node) }
    var count = 0
    visit(node) { node in
      let type = gsk_render_node_get_node_type(node)
      guard type == GSK_INSET_SHADOW_NODE || type == GSK_OUTSET_SHADOW_NODE else { return }
      var bounds = graphene_rect_t()
      gsk_render_node_get_bounds(node, &bounds)
      if bounds.size.width >= width / 2, bounds.size.height >= height / 2 { count += 1 }
    }
    return count
  }

  /// Calls `body` on `node` and every node under it.
  @MainActor private static func visit(_ node: OpaquePointer, _ body: (OpaquePointer) -> Void) {
    body(node)
    switch gsk_render_node_get_node_type(node) {
    case GSK_CONTAINER_NODE:
      for index in 0..<gsk_container_node_get_n_children(node) {
        visit(gsk_container_node_get_child(node, index), body)
      }
    case GSK_TRANSFORM_NODE: visit(gsk_transform_node_get_child(node), body)
    case GSK_CLIP_NODE: visit(gsk_clip_node_get_child(node), body)
    case GSK_ROUNDED_CLIP_NODE: visit(gsk_rounded_clip_node_get_child(node), body)
    case GSK_OPACITY_NODE: visit(gsk_opacity_node_get_child(node), body)
    case GSK_DEBUG_NODE: visit(gsk_debug_node_get_child(node), body)
    case GSK_COLOR_MATRIX_NODE: visit(gsk_color_matrix_node_get_child(node), body)
    case GSK_SHADOW_NODE: visit(gsk_shadow_node_get_child(node), body)
    default: break
    }
  }
}
