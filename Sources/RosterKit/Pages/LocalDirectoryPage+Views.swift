import CGtk
import Directory
import GtkKit

/// The list as tests and the bench see it, list, grid or table, the
/// selection across them, the person at a position, and what is counted in the view
/// on screen.
extension LocalDirectoryPage {
  /// The list view.
  package var listView: Widget { list.listView }
  /// The list's row factory (its statistics show binds and recycled rows).
  package var factory: ListFactory<UserRow> { list.factory }
  /// Which list rows are on screen.
  package var viewport: ViewportTracker { list.viewport }

  package var viewModes: [ViewMode] { [.list, .grid, .table, .tree] }

  package var viewMode: ViewMode {
    get {
      switch String(cString: gtk_stack_get_visible_child_name(gtkObject(widget))) {
      case "grid": .grid
      case "table": .table
      case "tree": .tree
      default: .list
      }
    }
    set {
      let old = viewMode
      guard newValue != old else { return }
      // Keep the selected person (or the one at the top) in view across the switch.
      let anchor = guint(selectedPosition ?? max(0, list.viewport.visible.lowerBound))
      switch newValue {
      case .list: break
      case .grid: grid.shown.setActive(true)
      case .table: table.shown.setActive(true)
      case .tree:
        if let people = contents?.viewModels, orgTree.table !== people { orgTree.show(people) }
      }
      gtk_stack_set_visible_child_name(gtkObject(widget), newValue.name)
      if old == .grid { grid.shown.setActive(false) }
      if old == .table { table.shown.setActive(false) }
      let target = shownView
      if newValue != .tree, Int(anchor) < model.count {
        gtk_widget_activate_action_variant(
          target, "list.scroll-to-item", g_variant_new_uint32(anchor))
      }
      gtk_widget_grab_focus(target)
      if old == .tree || newValue == .tree {
        showSubtitle()
        tellSelection()
      }
    }
  }

  package var selectedPosition: Int? { selection.focus ?? selection.ranges.first }

  /// Selects `position` alone in every view (nil clears the selection).
  package func select(_ position: Int?) { selection.select(position) }

  package func person(at position: Int) -> UserViewModel? {
    guard position >= 0, position < model.count else { return nil }
    return model[position].viewModel
  }

  /// A users.json entry has no more to say than its row.
  package func attributes(of identity: String) async -> [DirectoryAttribute]? { nil }

  package var shownView: Widget {
    switch viewMode {
    case .list: list.listView
    case .grid: grid.gridView
    case .table: table.listView
    case .tree: orgTree.listView
    }
  }

  package var shownDragScroller: DragScroller {
    switch viewMode {
    case .list: list.dragScroller
    case .grid: grid.dragScroller
    case .table: table.dragScroller
    case .tree: orgTree.dragScroller
    }
  }

  package func setMaxFlingVelocity(_ velocity: Double) {
    list.dragScroller.maxFlingVelocity = velocity
    grid.dragScroller.maxFlingVelocity = velocity
    table.dragScroller.maxFlingVelocity = velocity
    orgTree.dragScroller.maxFlingVelocity = velocity
  }

  package var shapesTextAhead: Bool {
    get { list.textShaping.isEnabled }
    set {
      list.textShaping.isEnabled = newValue
      grid.textShaping.isEnabled = newValue
      table.textShaping.isEnabled = newValue
    }
  }

  package var exportSource: ExportSource? {
    guard let contents else { return nil }
    return .table(contents.viewModels, rows: model.elements, base: contents.source.baseURL)
  }

  // MARK: Statistics

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

  package var liveRows: Int {
    list.factory.liveRows + grid.factory.liveRows + table.factory.liveRows
      + orgTree.factory.liveRows
  }
}
