/// The window's scrolling settings, applied to the list's and the grid's
/// ``DragScroller`` alike.
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
}
