import CGtk
import GtkKit

/// What tests, the bench and headless runs ask the window: whether rows are
/// on screen, whether their avatars arrived, and its parts by their old names.
extension MainWindow {
  /// Whether laid-out rows are on screen (binding comes before layout).
  public var hasVisibleRows: Bool {
    if let server {
      let visible = server.page.viewport.visible
      return !visible.isEmpty && server.page.model[visible.lowerBound] != nil
    }
    if isGridMode {
      return grid.factory.statistics.binds > 0 && gtk_widget_get_mapped(grid.gridView) != 0
    }
    return !list.viewport.visible.isEmpty
  }

  /// Visible rows whose avatar is still on its way.
  public var visibleRowsWaitingForAvatars: Int {
    var waiting = 0
    if let server {
      // A skeleton row is waiting for its data, and so for its avatar.
      let visible = server.page.viewport.visible
      server.page.factory.forEachBoundRow { row, position in
        guard visible.contains(position) else { return }
        if row.showsSkeleton || row.person.isLoadingAvatar { waiting += 1 }
      }
      return waiting
    }
    if isGridMode {
      // The grid has no viewport tracker: count every bound cell.
      grid.factory.forEachBoundRow { cell, _ in if cell.avatar.isLoading { waiting += 1 } }
      return waiting
    }
    let visible = list.viewport.visible
    list.factory.forEachBoundRow { row, position in
      if visible.contains(position), row.isLoadingAvatar { waiting += 1 }
    }
    return waiting
  }

  /// The list's rows were built and bound at least once.
  public var hasBoundRows: Bool {
    (server?.page.factory.statistics.binds ?? list.factory.statistics.binds) > 0
  }

  /// Row widgets alive in the list, the grid and a server's list: built by
  /// their factory's setup and not yet torn down.
  package var liveRows: Int {
    list.factory.liveRows + grid.factory.liveRows + (server?.page.factory.liveRows ?? 0)
  }

  /// The items of the model shown (a server's count for a server's list).
  package var itemCount: Int { server?.page.model.count ?? model.count }

  /// A directory server's list, if the window shows one.
  package var serverPage: ServerListPage? { server?.page }
  /// The list view.
  package var listView: Widget { list.listView }
  /// The list's row factory (its statistics show binds and recycled rows).
  package var factory: ListFactory<UserRow> { list.factory }
  /// Which list rows are on screen.
  package var viewport: ViewportTracker { list.viewport }
  /// Whether the list shapes the text of rows about to scroll in between
  /// frames (on by default; a benchmark measures without it).
  package var shapesTextAhead: Bool {
    get { list.textShaping.isEnabled }
    set { list.textShaping.isEnabled = newValue }
  }
  /// The list's drag-to-scroll.
  var dragScroller: DragScroller? { list.dragScroller }
}
