import CGtk
import Directory
import GtkKit
import PreparedImages

/// Grid mode: a GtkGridView over the same list model, with its own selection
/// and factory of ``UserCell``s (96 px avatars prepared at that size). The
/// number of columns follows the width; GTK re-lays out on resize and keeps
/// the cells bound that stay on screen.
///
/// Threading: main-actor only.
@MainActor
final class GridPage {
  /// The scrolled window holding the grid.
  let widget: Widget
  let gridView: Widget
  let factory: ListFactory<UserCell>
  let selection: OpaquePointer

  init(model: ListModel<UserViewModel>, avatars: AvatarService?) {
    factory = ListFactory(
      makeRow: { UserCell(avatars: avatars) },
      model: { position in position < model.count ? model[position] : nil })
    selection = opaque(gtk_single_selection_new(OpaquePointer(g_object_ref(model.object.pointer)))!)
    gtk_single_selection_set_autoselect(selection, 0)
    gtk_single_selection_set_can_unselect(selection, 1)
    gridView = gtk_grid_view_new(selection, OpaquePointer(g_object_ref(factory.object.pointer)))!
    g_object_ref(raw(selection))
    gtk_grid_view_set_max_columns(opaque(gridView), 12)
    gtk_grid_view_set_min_columns(opaque(gridView), 1)
    gtk_widget_add_css_class(gridView, "user-grid")
    RowAccessibility.setLabel(raw(gridView), "People")
    widget = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(opaque(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(opaque(widget), gridView)
    gtk_widget_set_vexpand(widget, 1)
  }

  isolated deinit { g_object_unref(raw(selection)) }
}
