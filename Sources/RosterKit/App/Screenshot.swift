import CGtk
import Foundation

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
    guard let renderer = gtk_native_get_renderer(gtkObject(window)) else { throw .notRealized }
    let paintable = gtk_widget_paintable_new(window)!
    defer { g_object_unref(gobject(paintable)) }
    let width = Double(gtk_widget_get_width(window))
    let height = Double(gtk_widget_get_height(window))
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, width, height)
    guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .emptyWindow }
    defer { gsk_render_node_unref(node) }
    guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { throw .emptyWindow }
    defer { g_object_unref(gobject(texture)) }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard gdk_texture_save_to_png(texture, path) != 0 else { throw .saveFailed(path) }
  }
}
