import CGtk
import GtkKit
import SharedSupport

/// The scrolled list of an org tree's lines (a users.json's or a
/// server's): a list view over the tree where one line is selected at a
/// time, named for screen readers, dragged to scroll as the people's list is.
///
/// Threading: main-actor only.
@MainActor
struct OrgTreeView {
  let lines: SingleSelectionList
  let listView: Widget
  /// The scrolled window holding the list.
  let widget: Widget
  let dragScroller: DragScroller

  /// The lines of `tree`, each made and bound by `factory`.
  init(_ tree: KeyedTreeModel, factory: ObjectRef) {
    lines = SingleSelectionList(tree, factory: factory)
    listView = lines.listView
    gtk_widget_add_css_class(listView, "user-list")
    gtk_widget_add_css_class(listView, "org-tree")
    RowAccessibility.setLabel(listView, tr("Organisation"))
    widget = Gtk.scrolledWindow(listView)
    dragScroller = DragScroller(listView: listView, scroller: widget)
  }
}
