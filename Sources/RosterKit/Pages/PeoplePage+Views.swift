import CGtk
import GtkKit

/// The page's views as the window drives them (``PeopleViews``): which one
/// shows, the one that scrolls and its drag, the place Back returns to.
/// A switch keeps the selected person, or the one at the top, in view.
extension PeoplePage {
  package var viewModes: [ViewMode] { parts.modes }

  package var viewMode: ViewMode {
    get {
      switch String(cString: gtk_stack_get_visible_child_name(gtkObject(widget))) {
      case ViewMode.grid.name: .grid
      case ViewMode.table.name: .table
      case ViewMode.tree.name: .tree
      default: .list
      }
    }
    set {
      let old = viewMode
      guard newValue != old, viewModes.contains(newValue) else { return }
      let anchor = selectedPosition ?? max(0, shownViewport.visible.lowerBound)
      switch newValue {
      case .grid: parts.grid?.shown.setActive(true)
      case .table: parts.table.shown.setActive(true)
      case .list, .tree: break
      }
      reader.willShow(newValue)
      gtk_stack_set_visible_child_name(gtkObject(widget), newValue.name)
      if old == .grid { parts.grid?.shown.setActive(false) }
      if old == .table { parts.table.shown.setActive(false) }
      if newValue != .tree { reader.shows(newValue, keeping: anchor) }
      gtk_widget_grab_focus(shownView)
      if old == .tree || newValue == .tree {
        reader.showSubtitle()
        tellSelection()
      }
    }
  }

  package var selection: RangeSelection { parts.selection }

  package var shownView: Widget {
    switch viewMode {
    case .list: parts.list.listView
    case .grid: parts.grid?.gridView ?? parts.list.listView
    case .table: parts.table.listView
    case .tree: parts.tree?.listView ?? parts.list.listView
    }
  }

  package var shownDragScroller: DragScroller {
    switch viewMode {
    case .list: parts.list.dragScroller
    case .grid: parts.grid?.dragScroller ?? parts.list.dragScroller
    case .table: parts.table.dragScroller
    case .tree: parts.tree?.dragScroller ?? parts.list.dragScroller
    }
  }

  /// Which rows of the list or the table are on screen (the grid and a
  /// table over people at hand have no tracker of their own: the list's).
  var shownViewport: ViewportTracker {
    viewMode == .table ? parts.table.viewport ?? parts.list.viewport : parts.list.viewport
  }

  package func setMaxFlingVelocity(_ velocity: Double) {
    parts.list.dragScroller.maxFlingVelocity = velocity
    parts.grid?.dragScroller.maxFlingVelocity = velocity
    parts.table.dragScroller.maxFlingVelocity = velocity
    parts.tree?.dragScroller.maxFlingVelocity = velocity
  }

  package func restore(selected identity: String?, scroll: Double) {
    reader.restore(selected: identity, scroll: scroll)
  }

  package func revealInTree(_ identity: String) { reader.revealInTree(identity) }
}

/// The list, as the bench and the tests drive it.
extension PeoplePage {
  /// The list view.
  package var listView: Widget { parts.list.listView }
  /// The list's row factory (its statistics show binds and recycled rows).
  package var factory: ListFactory<UserRow> { parts.list.factory }
  /// Which list rows are on screen.
  package var viewport: ViewportTracker { parts.list.viewport }
}
