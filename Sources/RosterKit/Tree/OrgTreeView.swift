import CGtk
import GtkKit
import SharedSupport

/// The lines of an org tree (a users.json's or a server's): the tree of
/// keys, the factory of its rows, and the scrolled list view over it where
/// one line is selected at a time, named for screen readers, dragged to
/// scroll as the people's list is. An ``OrgTreePage`` makes it; its
/// ``TreeSource`` fills it.
///
/// Threading: main-actor only.
@MainActor
struct OrgTreeView {
  let tree: KeyedTreeModel
  let factory: ListFactory<OrgTreeRow>
  let lines: SingleSelectionList
  let listView: Widget
  /// The scrolled window holding the list.
  let widget: Widget
  let dragScroller: DragScroller

  /// The lines of `tree`, each made and bound by `factory`.
  init(_ tree: KeyedTreeModel, factory: ListFactory<OrgTreeRow>) {
    self.tree = tree
    self.factory = factory
    lines = SingleSelectionList(tree, factory: factory.object)
    listView = lines.listView
    gtk_widget_add_css_class(listView, "user-list")
    gtk_widget_add_css_class(listView, "org-tree")
    RowAccessibility.setLabel(listView, tr("Organisation"))
    widget = Gtk.scrolledWindow(listView)
    dragScroller = DragScroller(listView: listView, scroller: widget)
  }
}
