/// The window's scrolling settings, applied to the list's and the grid's
/// ``DragScroller`` alike, and the view that scrolls now.
///
/// Threading: main-actor only (``MainWindow`` is).
extension MainWindow {
  /// The fastest a drag's release flings the list or grid, in points per
  /// second (``WindowSettings/maxFlingVelocity``).
  var maxFlingVelocity: Double {
    get { list.dragScroller.maxFlingVelocity }
    set {
      list.dragScroller.maxFlingVelocity = newValue
      grid.dragScroller.maxFlingVelocity = newValue
    }
  }

  /// The list, grid or server list on screen: the view that scrolls.
  package var shownView: Widget {
    if let server { return server.page.listView }
    return isGridMode ? grid.gridView : list.listView
  }

  /// The drag-to-scroll of ``shownView`` (flings, as a released drag makes them).
  package var shownDragScroller: DragScroller? {
    if let server { return server.page.dragScroller }
    return isGridMode ? grid.dragScroller : list.dragScroller
  }
}
