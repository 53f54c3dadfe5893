/// The window's scrolling settings, applied to the list's and the grid's
/// ``DragScroller`` alike.
///
/// Threading: main-actor only (``MainWindow`` is).
extension MainWindow {
  /// The fastest a drag's release flings the list or grid, in points per
  /// second (``WindowSettings/maxFlingVelocity``).
  var maxFlingVelocity: Double {
    get { dragScroller?.maxFlingVelocity ?? FlingVelocity.defaultMaxVelocity }
    set {
      dragScroller?.maxFlingVelocity = newValue
      gridDragScroller?.maxFlingVelocity = newValue
    }
  }
}
