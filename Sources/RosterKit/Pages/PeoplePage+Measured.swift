import CGtk
import GtkKit

/// What a headless run, the bench and the tests ask of the page
/// (``MeasuredPage``): the view on screen and its rows (a server's
/// skeleton row waits for its person), the time each bind takes, and the
/// switch of text shaping ahead across the views.
extension PeoplePage: MeasuredPage {
  package var shapesTextAhead: Bool {
    get { parts.list.textShaping.isEnabled }
    set {
      parts.list.textShaping.isEnabled = newValue
      parts.grid?.textShaping.isEnabled = newValue
      parts.table.textShaping.isEnabled = newValue
    }
  }

  package var hasVisibleRows: Bool {
    switch viewMode {
    case .list: return arrived(in: parts.list.viewport)
    case .table:
      if let viewport = parts.table.viewport { return arrived(in: viewport) }
      return parts.table.factory.statistics.binds > 0
        && gtk_widget_get_mapped(parts.table.listView) != 0
    case .grid:
      guard let grid = parts.grid else { return false }
      return grid.factory.statistics.binds > 0 && gtk_widget_get_mapped(grid.gridView) != 0
    case .tree:
      guard let tree = parts.tree else { return false }
      return tree.factory.statistics.binds > 0 && gtk_widget_get_mapped(tree.listView) != 0
    }
  }

  /// Whether rows are on screen in `viewport` and the first has its person.
  private func arrived(in viewport: ViewportTracker) -> Bool {
    let visible = viewport.visible
    return !visible.isEmpty && reader.person(at: visible.lowerBound) != nil
  }

  /// Rows on screen whose person (a skeleton) or avatar is on its way; in
  /// a view without a tracker of what is on screen, every bound row.
  package var visibleRowsWaitingForAvatars: Int {
    var waiting = 0
    switch viewMode {
    case .list:
      return parts.list.visibleRows { $0.showsSkeleton || $0.isLoadingAvatar }
    case .table:
      let visible = parts.table.viewport?.visible
      parts.table.factory.forEachBoundRow { row, position in
        if visible?.contains(position) ?? true, row.showsSkeleton || row.avatar.isLoading {
          waiting += 1
        }
      }
    case .grid:
      parts.grid?.factory.forEachBoundRow { cell, _ in if cell.avatar.isLoading { waiting += 1 } }
    case .tree:
      parts.tree?.factory.forEachBoundRow { row, _ in
        if row.person.avatar.isLoading { waiting += 1 }
      }
    }
    return waiting
  }

  package var hasBoundRows: Bool { parts.list.factory.statistics.binds > 0 }

  package var isSearchIndexBuilt: Bool { reader.isSearchIndexBuilt }

  /// Hands the duration (microseconds) of each bind and each unbind in the
  /// view on screen to `bind` and `unbind`; nil stops. Set again after the
  /// view mode changes.
  package func observeBindDurations(
    bind: (@MainActor (Double) -> Void)?, unbind: (@MainActor (Double) -> Void)?
  ) {
    switch viewMode {
    case .list:
      parts.list.factory.bindObserver = bind
      parts.list.factory.unbindObserver = unbind
    case .grid:
      parts.grid?.factory.bindObserver = bind
      parts.grid?.factory.unbindObserver = unbind
    case .table:
      parts.table.factory.bindObserver = bind
      parts.table.factory.unbindObserver = unbind
    case .tree:
      parts.tree?.factory.bindObserver = bind
      parts.tree?.factory.unbindObserver = unbind
    }
  }

  /// The columns the table shows (the bench reports them beside a plain
  /// column view's).
  package var tableColumnCount: Int { parts.table.columns.fields.count }
}
