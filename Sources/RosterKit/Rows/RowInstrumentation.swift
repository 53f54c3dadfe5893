import GtkKit

/// What a window's rows count and remember as they bind and draw: the text
/// lines shaped ahead of a frame and those a draw still had to shape, the
/// width each shape of person widget was last drawn at, the rows alive in
/// the window's list factories, the item objects alive of its list models,
/// the late avatars their slots dropped, and its header bar's renders into a
/// texture. The app's windows make their
/// own; the bench and the tests pass theirs in (``MainWindow``) and read it.
///
/// Threading: main-actor only.
@MainActor
package final class RowInstrumentation {
  /// Lines shaped in the gap between frames (``TextShapingAhead``).
  package var linesShapedAhead = 0
  /// Lines shaped by the draw that first showed them (inside a frame).
  package var linesShapedWhileDrawing = 0
  /// Rows alive in the window's list factories.
  package let rows = RowCensus()
  /// Item objects alive of the window's list models.
  package let items = ItemCensus()
  /// The times the window's flattened header bar was rendered into a texture.
  package let headerRenders = TextureRenderCount()
  /// Avatar results that reached a view after it was re-bound or unbound,
  /// dropped by its slot's stale guard.
  package var staleDrops = 0
  /// The width each shape (by style class) was last drawn at: GTK 4.8 leaves
  /// the rows it binds beyond the screen without a size, and their text is
  /// shaped ahead at this width (a list's rows are all as wide).
  private var drawnWidths: [String: Int32] = [:]

  /// Nothing counted yet.
  package init() {}

  /// Starts both counts of shaped lines from zero.
  package func resetTextCounts() {
    linesShapedAhead = 0
    linesShapedWhileDrawing = 0
  }

  /// A widget of `shape` was drawn `width` wide.
  func drew(_ shape: PersonShape, width: Int32) {
    drawnWidths[shape.styleClass] = width
  }

  /// The width the last widget of `shape` was drawn at, if one was.
  func drawnWidth(of shape: PersonShape) -> Int32? {
    drawnWidths[shape.styleClass]
  }
}
