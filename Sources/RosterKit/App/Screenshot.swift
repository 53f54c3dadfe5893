import CGtk
import FoundationEssentials
import GtkKit

/// Saves what a window shows as a PNG, by rendering its widget tree with the
/// window's own renderer (works under Xvfb with any GSK renderer).
///
/// Threading: main-actor only.
@MainActor
enum Screenshot {
  enum Failure: Error, CustomStringConvertible {
    case notRealized
    case emptyWindow
    case saveFailed(String)
    var description: String {
      switch self {
      case .notRealized: "the window is not on screen"
      case .emptyWindow: "the window drew nothing"
      case .saveFailed(let path): "could not write \(path)"
      }
    }
  }

  static func save(_ window: Widget, to path: String) throws(Failure) {
    // At the screen's scale (GDK_SCALE=2: twice the pixels, as shown).
    let texture = try render(
      window, width: gtk_widget_get_width(window), height: gtk_widget_get_height(window),
      scale: gtk_widget_get_scale_factor(window))
    try ObjectSlot.withAdopted(texture) { texture throws(Failure) in
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      guard gdk_texture_save_to_png(texture, path) != 0 else { throw .saveFailed(path) }
    }
  }

  /// What `widget` (in a window on screen) draws, its bounds scaled to
  /// `width` x `height` points at `scale` pixels a point, rendered by its
  /// window's renderer; the caller owns the returned GdkTexture.
  static func render(_ widget: Widget, width: Int32, height: Int32, scale: Int32 = 1)
    throws(Failure) -> OpaquePointer
  {
    guard let native = gtk_widget_get_native(widget),
      let renderer = gtk_native_get_renderer(native)
    else { throw .notRealized }
    // The paintable's reference is the caller's (`transfer full`).
    let paintable = ObjectRef(gtk_widget_paintable_new(widget)!, adopt: true)
    defer { withExtendedLifetime(paintable) {} }
    let snapshot = gtk_snapshot_new()!
    gtk_snapshot_scale(snapshot, Float(scale), Float(scale))
    gdk_paintable_snapshot(paintable.opaque, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .emptyWindow }
    defer { gsk_render_node_unref(node) }
    guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { throw .emptyWindow }
    return texture
  }
}
