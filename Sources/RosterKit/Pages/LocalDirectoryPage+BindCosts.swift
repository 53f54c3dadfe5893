import GtkKit

/// What a frame recorder reads of the view on screen: the time each bind and
/// unbind takes, whichever of the list, the grid and the table it is.
extension LocalDirectoryPage {
  /// Hands the duration (microseconds) of each bind and each unbind in the
  /// view on screen to `bind` and `unbind`; nil stops. Set again after the
  /// view mode changes.
  package func observeBindDurations(
    bind: (@MainActor (Double) -> Void)?, unbind: (@MainActor (Double) -> Void)?
  ) {
    switch viewMode {
    case .list:
      list.factory.bindObserver = bind
      list.factory.unbindObserver = unbind
    case .grid:
      grid.factory.bindObserver = bind
      grid.factory.unbindObserver = unbind
    case .table:
      table.factory.bindObserver = bind
      table.factory.unbindObserver = unbind
    case .tree:
      orgTree.factory.bindObserver = bind
      orgTree.factory.unbindObserver = unbind
    }
  }

  /// The columns the table shows (the bench reports them beside a plain
  /// column view's).
  package var tableColumnCount: Int { table.columns.fields.count }
}
