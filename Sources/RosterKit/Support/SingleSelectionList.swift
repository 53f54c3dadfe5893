import CGtk
import GtkKit

/// A `GtkListView` over a tree of keys (the groups sidebar, the org trees)
/// or another list model (the data checks' findings) where one line at a
/// time can be selected, none at first.
///
/// Threading: main-actor only.
@MainActor
struct SingleSelectionList {
  /// The `GtkSingleSelection` over the lines.
  let selection: ObjectRef
  /// The list view showing it.
  let listView: Widget

  /// A list of `tree`'s lines, each made and bound by `factory`.
  init(_ tree: KeyedTreeModel, factory: ObjectRef) {
    self.init(model: tree.object, factory: factory)
  }

  /// A list of the items of `model` (a GListModel), each made and bound by `factory`.
  init(model: ObjectRef, factory: ObjectRef) {
    let single = gtk_single_selection_new(model.transferredReference())!
    gtk_single_selection_set_autoselect(single, 0)
    gtk_single_selection_set_can_unselect(single, 1)
    selection = ObjectRef(single)
    listView = gtk_list_view_new(gtkObject(single), factory.transferredReference())!
  }

  /// The line selected, if any.
  var selected: Int? {
    let selected = gtk_single_selection_get_selected(selection.opaque)
    return selected == guint(GTK_INVALID_LIST_POSITION) ? nil : Int(selected)
  }

  /// Selects `line` and scrolls it into view.
  func select(andShow line: Int) {
    gtk_single_selection_set_selected(selection.opaque, guint(line))
    gtk_widget_activate_action_variant(
      listView, "list.scroll-to-item", g_variant_new_uint32(guint(line)))
  }
}
