import GtkKit

/// What a window's lists and rows count as they bind and draw: the text
/// lines shaped ahead of a frame and those a draw still had to shape, the
/// rows alive in the window's list factories, the item objects alive of its
/// list models, the late avatars their slots dropped, and the header bar's
/// renders into a texture. Counting only: nothing the window shows depends
/// on it.
///
/// A window is given its probe once (``MainWindow``; the app's windows make
/// a fresh one, the bench and the tests hand theirs over and read it) and
/// keeps it on its GtkWindow: a row finds it through the window it is in
/// (``of(_:)``), when it has something to count, so no row is built with
/// one. Each count is an integer added on a path that already did the work
/// it counts (a line shaped, a late result dropped), never on a bind or on a
/// draw that shapes nothing.
///
/// Threading: main-actor only.
@MainActor
package final class RowProbe {
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

  /// Nothing counted yet.
  package init() {}

  /// Starts both counts of shaped lines from zero.
  package func resetTextCounts() {
    linesShapedAhead = 0
    linesShapedWhileDrawing = 0
  }
}
