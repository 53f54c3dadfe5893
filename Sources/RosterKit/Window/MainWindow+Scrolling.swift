import GtkKit

/// The window's scrolling settings, applied to every view of its page, and
/// the view that scrolls now.
///
/// Threading: main-actor only (``MainWindow`` is).
extension MainWindow {
  /// The fastest a drag's release flings the list or grid, in points per
  /// second (``Preferences/maxFlingVelocity``); written, never read back.
  var maxFlingVelocity: Double {
    get { page.views.shownDragScroller.maxFlingVelocity }
    set { page.views.setMaxFlingVelocity(newValue) }
  }

  /// The view on screen: the one that scrolls.
  package var shownView: Widget { page.views.shownView }

  /// The drag-to-scroll of ``shownView`` (flings, as a released drag makes them).
  package var shownDragScroller: DragScroller? { page.views.shownDragScroller }
}
