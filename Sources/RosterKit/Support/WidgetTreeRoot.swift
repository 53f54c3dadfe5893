import CGtk

/// Ownership of the root widget of a tree that Swift builds and GTK does not
/// parent (a list row before GTK puts it in a list item, a dialog window):
/// ``keep(_:)`` sinks the floating reference a new widget starts with, so
/// the owner holds the only reference; ``release(_:)`` drops it when the
/// owner goes away, which frees the tree unless GTK still holds it.
///
/// Threading: main-actor only.
@MainActor
enum WidgetTreeRoot {
  /// Takes ownership of `widget` (sinks its floating reference).
  static func keep(_ widget: UnsafeMutableRawPointer) {
    g_object_ref_sink(widget)
  }

  /// Drops the reference ``keep(_:)`` took.
  static func release(_ widget: UnsafeMutableRawPointer) {
    g_object_unref(widget)
  }
}
