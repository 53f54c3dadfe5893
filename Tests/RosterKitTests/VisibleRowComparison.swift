import CGtk
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// What comparing a window's visible rows with a screenshot of it found: each
/// row wholly on screen, rendered on its own, against the screenshot at its
/// place.
///
/// Threading: a value; made on the main thread (it renders widgets).
struct VisibleRowComparison: CustomStringConvertible {
  /// Rows wholly inside the list's visible area, compared.
  private(set) var rows = 0
  /// Opaque pixels of the rows' own drawings compared.
  private(set) var pixels = 0
  /// Of those, the ones the screenshot shows otherwise.
  private(set) var differing = 0
  var description: String { "\(rows) rows, \(pixels) pixels compared, \(differing) differ" }

  /// Each row wholly on screen, rendered on its own by the window's renderer
  /// at `scale`, against the screenshot `shot` of the window at its place:
  /// every pixel the row draws opaque must be in the screenshot (within 2 of
  /// 255 a channel). The right edge, where the overlay scrollbar may show, is
  /// left out.
  @MainActor init(of window: MainWindow, with shot: TexturePixels, scale: Int32) throws {
    var (rows, pixels, differing) = (0, 0, 0)
    var failure: Error?
    let list = window.listView
    let listHeight = Float(gtk_widget_get_height(list))
    window.factory.forEachBoundRow { row, position in
      guard failure == nil, window.viewport.visible.contains(position) else { return }
      let widget = row.widget
      var inList = graphene_rect_t()
      var inWindow = graphene_rect_t()
      guard gtk_widget_get_mapped(widget) != 0,
        gtk_widget_compute_bounds(widget, list, &inList) != 0,
        inList.origin.y >= 0, inList.origin.y + inList.size.height <= listHeight,
        gtk_widget_compute_bounds(widget, window.window, &inWindow) != 0
      else { return }
      do {
        let own = try Self.render(widget, bounds: inList.size, scale: scale)
        let left = Int((inWindow.origin.x * Float(scale)).rounded())
        let top = Int((inWindow.origin.y * Float(scale)).rounded())
        let edge = own.width - 24 * Int(scale)
        rows += 1
        for y in 0..<own.height {
          for x in 0..<edge {
            let pixel = own.at(x, y)
            guard pixel.3 == 255 else { continue }
            pixels += 1
            let shown = shot.at(left + x, top + y)
            if abs(Int(shown.0) - Int(pixel.0)) > 2 || abs(Int(shown.1) - Int(pixel.1)) > 2
              || abs(Int(shown.2) - Int(pixel.2)) > 2
            {
              differing += 1
            }
          }
        }
      } catch { failure = error }
    }
    if let failure { throw failure }
    (self.rows, self.pixels, self.differing) = (rows, pixels, differing)
  }

  /// `widget` (on screen, `bounds` points in size) rendered on its own by its
  /// window's renderer at `scale` pixels a point.
  @MainActor private static func render(_ widget: Widget, bounds: graphene_size_t, scale: Int32)
    throws -> TexturePixels
  {
    let renderer = try XCTUnwrap(gtk_native_get_renderer(gtk_widget_get_native(widget)))
    let paintable = gtk_widget_paintable_new(widget)!
    defer { g_object_unref(gobject(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gtk_snapshot_scale(snapshot, Float(scale), Float(scale))
    gdk_paintable_snapshot(paintable, snapshot, Double(bounds.width), Double(bounds.height))
    let node = try XCTUnwrap(gtk_snapshot_free_to_node(snapshot))
    defer { gsk_render_node_unref(node) }
    var viewport = graphene_rect_t(
      origin: graphene_point_t(x: 0, y: 0),
      size: graphene_size_t(
        width: (bounds.width * Float(scale)).rounded(),
        height: (bounds.height * Float(scale)).rounded()))
    return try TexturePixels(
      texture: XCTUnwrap(gsk_renderer_render_texture(renderer, node, &viewport)))
  }
}
