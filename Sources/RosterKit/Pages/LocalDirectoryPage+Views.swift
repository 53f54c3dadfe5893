import CGtk
import Directory
import GtkKit

/// The list as tests and the bench see it, list or grid, the selection
/// across both, the person at a position, and what is counted in the view
/// on screen.
extension LocalDirectoryPage {
  /// The list view.
  package var listView: Widget { list.listView }
  /// The list's row factory (its statistics show binds and recycled rows).
  package var factory: ListFactory<UserRow> { list.factory }
  /// Which list rows are on screen.
  package var viewport: ViewportTracker { list.viewport }

  package var viewModes: [ViewMode] { [.list, .grid] }

  package var viewMode: ViewMode {
    get {
      String(cString: gtk_stack_get_visible_child_name(gtkObject(widget))) == "grid" ? .grid : .list
    }
    set {
      guard newValue != viewMode else { return }
      let toGrid = newValue == .grid
      // Keep the selected person (or the one at the top) in view across the switch.
      let invalid = guint(GTK_INVALID_LIST_POSITION)
      let selected =
        toGrid
        ? list.selected : grid.selection.map(gtk_single_selection_get_selected) ?? list.selected
      let anchor = selected != invalid ? selected : guint(max(0, list.viewport.visible.lowerBound))
      if toGrid {
        grid.setActive(true, selected: selected)
      } else {
        list.select(selected)
      }
      gtk_stack_set_visible_child_name(gtkObject(widget), toGrid ? "grid" : "list")
      if !toGrid { grid.setActive(false) }
      let target = shownView
      if Int(anchor) < model.count {
        gtk_widget_activate_action_variant(
          target, "list.scroll-to-item", g_variant_new_uint32(anchor))
      }
      gtk_widget_grab_focus(target)
    }
  }

  package var selectedPosition: Int? {
    let selected =
      viewMode == .grid
      ? grid.selection.map(gtk_single_selection_get_selected) ?? list.selected : list.selected
    return selected == guint(GTK_INVALID_LIST_POSITION) ? nil : Int(selected)
  }

  /// Selects `position` in both views (nil clears the selection).
  package func select(_ position: Int?) {
    let value = position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION)
    list.select(value)
    if let selection = grid.selection { gtk_single_selection_set_selected(selection, value) }
  }

  package func person(at position: Int) -> UserViewModel? {
    guard position >= 0, position < model.count else { return nil }
    return model[position].viewModel
  }

  /// A users.json entry has no more to say than its row.
  package func attributes(of identity: String) async -> [DirectoryAttribute]? { nil }

  package var shownView: Widget { viewMode == .grid ? grid.gridView : list.listView }

  package var shownDragScroller: DragScroller {
    viewMode == .grid ? grid.dragScroller : list.dragScroller
  }

  package func setMaxFlingVelocity(_ velocity: Double) {
    list.dragScroller.maxFlingVelocity = velocity
    grid.dragScroller.maxFlingVelocity = velocity
  }

  package var shapesTextAhead: Bool {
    get { list.textShaping.isEnabled }
    set { list.textShaping.isEnabled = newValue }
  }

  // MARK: Statistics

  package var hasVisibleRows: Bool {
    if viewMode == .grid {
      return grid.factory.statistics.binds > 0 && gtk_widget_get_mapped(grid.gridView) != 0
    }
    return !list.viewport.visible.isEmpty
  }

  package var visibleRowsWaitingForAvatars: Int {
    guard viewMode == .grid else { return list.visibleRows { $0.isLoadingAvatar } }
    // The grid has no viewport tracker: count every bound cell.
    var waiting = 0
    grid.factory.forEachBoundRow { cell, _ in if cell.avatar.isLoading { waiting += 1 } }
    return waiting
  }

  package var hasBoundRows: Bool { list.factory.statistics.binds > 0 }

  package var liveRows: Int { list.factory.liveRows + grid.factory.liveRows }
}
