import CGtk
import GtkKit

/// What a headless run, the bench and the tests ask of the page
/// (``MeasuredPage``): the view on screen and its rows, and the switch of
/// text shaping ahead across the list, the grid and the table.
extension LocalDirectoryPage: MeasuredPage {
  package var shapesTextAhead: Bool {
    get { list.textShaping.isEnabled }
    set {
      list.textShaping.isEnabled = newValue
      grid.textShaping.isEnabled = newValue
      table.textShaping.isEnabled = newValue
    }
  }

  package var hasVisibleRows: Bool {
    switch viewMode {
    case .list: !list.viewport.visible.isEmpty
    case .grid: grid.factory.statistics.binds > 0 && gtk_widget_get_mapped(grid.gridView) != 0
    case .table: table.factory.statistics.binds > 0 && gtk_widget_get_mapped(table.listView) != 0
    case .tree:
      orgTree.factory.statistics.binds > 0 && gtk_widget_get_mapped(orgTree.listView) != 0
    }
  }

  package var visibleRowsWaitingForAvatars: Int {
    // The grid and the table have no viewport tracker: count every bound row.
    var waiting = 0
    switch viewMode {
    case .list: return list.visibleRows { $0.isLoadingAvatar }
    case .grid:
      grid.factory.forEachBoundRow { cell, _ in if cell.avatar.isLoading { waiting += 1 } }
    case .table:
      table.factory.forEachBoundRow { row, _ in if row.avatar.isLoading { waiting += 1 } }
    case .tree:
      orgTree.factory.forEachBoundRow { row, _ in
        if row.person.avatar.isLoading { waiting += 1 }
      }
    }
    return waiting
  }

  package var hasBoundRows: Bool { list.factory.statistics.binds > 0 }
}
