import CGtk
import GtkKit

/// List or grid, the selection across both, and the details panel.
extension MainWindow {
  /// Whether the grid shows instead of the list (the header's toggle, Ctrl+G).
  public var isGridMode: Bool {
    get { String(cString: gtk_stack_get_visible_child_name(gtkObject(views))) == "grid" }
    set {
      // A server's list has no grid (its cells would need a second windowed model).
      guard newValue != isGridMode, server == nil else { return }
      // Keep the selected person (or the one at the top) in view across the switch.
      let invalid = guint(GTK_INVALID_LIST_POSITION)
      let selected =
        newValue
        ? list.selected : grid.selection.map(gtk_single_selection_get_selected) ?? list.selected
      let anchor = selected != invalid ? selected : guint(max(0, list.viewport.visible.lowerBound))
      if newValue {
        grid.setActive(true, selected: selected)
      } else {
        list.select(selected)
      }
      gtk_stack_set_visible_child_name(gtkObject(views), newValue ? "grid" : "list")
      if !newValue { grid.setActive(false) }
      let target = newValue ? grid.gridView : list.listView
      if Int(anchor) < model.count {
        gtk_widget_activate_action_variant(
          target, "list.scroll-to-item", g_variant_new_uint32(anchor))
      }
      gtk_widget_grab_focus(target)
      actions.setState(.grid, newValue)
      onViewModeChange?(newValue)
    }
  }

  /// The position selected in the view on screen, if any.
  public var selectedPosition: Int? {
    let selected =
      isGridMode
      ? grid.selection.map(gtk_single_selection_get_selected) ?? list.selected : list.selected
    return selected == guint(GTK_INVALID_LIST_POSITION) ? nil : Int(selected)
  }

  /// Selects `position` in both views (nil clears the selection).
  public func select(_ position: Int?) {
    let value = position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION)
    list.select(value)
    if let selection = grid.selection { gtk_single_selection_set_selected(selection, value) }
  }

  /// The details panel (Enter or double-click on a person), if open.
  var openDetails: UserDetails? { details?.isOpen == true ? details : nil }

  /// Opens the details panel for the person at `position`: a larger avatar
  /// through the same pipeline, the username and the role.
  public func showDetails(at position: Int) {
    guard position >= 0, position < model.count else { return }
    let details = self.details ?? UserDetails(parent: window, avatars: detailAvatars)
    self.details = details
    details.show(model[position].viewModel)
  }
}
