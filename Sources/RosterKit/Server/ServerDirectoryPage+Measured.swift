import CGtk
import GtkKit

/// What a headless run, the bench and the tests ask of the page
/// (``MeasuredPage``): the view on screen and its rows (a skeleton row
/// waits for its person), and the switch of text shaping ahead across the
/// list and the table.
extension ServerDirectoryPage: MeasuredPage {
  package var shapesTextAhead: Bool {
    get { list.textShaping.isEnabled }
    set {
      list.textShaping.isEnabled = newValue
      table.textShaping.isEnabled = newValue
    }
  }

  package var hasVisibleRows: Bool {
    if viewMode == .tree, let orgTree {
      return orgTree.factory.statistics.binds > 0 && gtk_widget_get_mapped(orgTree.listView) != 0
    }
    let visible = shownViewport.visible
    return !visible.isEmpty && model[visible.lowerBound] != nil
  }

  /// A skeleton row is waiting for its data, and so for its avatar.
  package var visibleRowsWaitingForAvatars: Int {
    guard viewMode == .table else {
      return list.visibleRows { $0.showsSkeleton || $0.isLoadingAvatar }
    }
    var waiting = 0
    let visible = shownViewport.visible
    table.factory.forEachBoundRow { row, position in
      if visible.contains(position), row.showsSkeleton || row.avatar.isLoading {
        waiting += 1
      }
    }
    return waiting
  }

  package var hasBoundRows: Bool { list.factory.statistics.binds > 0 }
}
