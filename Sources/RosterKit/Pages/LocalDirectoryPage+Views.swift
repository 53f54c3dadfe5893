import CGtk
import Directory
import GtkKit

/// The list as tests and the bench see it, list, grid or table, the
/// selection across them, the person at a position, and the view on screen.
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
        if let people = contents?.viewModels, orgTree.source.table !== people {
          orgTree.source.show(people)
        }
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

  package var exportSource: ExportSource? {
    guard let contents else { return nil }
    return .table(contents.viewModels, rows: model.elements, base: contents.source.baseURL)
  }
}
