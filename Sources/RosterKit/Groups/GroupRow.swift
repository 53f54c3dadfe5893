import CGtk
import Directory
import GtkKit

/// One line of the groups sidebar: the expander of a group holding groups,
/// its name (marks for bidi and control characters, as a person's name)
/// and how many people it holds, or "All people" with the directory's size.
///
/// Threading: main-actor only.
@MainActor
final class GroupRow: ListRow {
  /// What a line shows.
  struct Model {
    var name: String
    /// How many people it holds; nil when not known (a server's group).
    var people: Int?
    /// The tree's row, for the expander.
    var row: ObjectRef
  }

  let widget: Widget
  /// The reference that keeps the widget tree, sunk from its floating one:
  /// the list may be torn down before the row is unbound.
  private let root: ObjectRef
  private let name: Widget
  private let count: Widget

  init() {
    widget = gtk_tree_expander_new()!
    root = ObjectRef(widget)
    name = Gtk.label()
    gtk_label_set_xalign(gtkObject(name), 0)
    gtk_label_set_ellipsize(gtkObject(name), PANGO_ELLIPSIZE_END)
    gtk_widget_set_hexpand(name, 1)
    count = Gtk.label(classes: ["dim-label", "numeric"])
    let line = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    gtk_widget_set_margin_top(line, 6)
    gtk_widget_set_margin_bottom(line, 6)
    gtk_widget_set_margin_end(line, 6)
    Gtk.append(line, name, count)
    gtk_tree_expander_set_child(gtkObject(widget), line)
  }

  /// Drops the widget's reference on the main thread.
  isolated deinit {}

  func bind(_ model: Model, position: Int) {
    gtk_tree_expander_set_list_row(gtkObject(widget), model.row.opaque)
    gtk_label_set_text(gtkObject(name), DisplayText.of(model.name))
    gtk_label_set_text(gtkObject(count), model.people.map(NumberText.grouped) ?? "")
  }

  /// The name and the count shown (tests).
  var texts: (name: String, count: String) {
    (
      String(cString: gtk_label_get_text(gtkObject(name))),
      String(cString: gtk_label_get_text(gtkObject(count)))
    )
  }

  func unbind() {
    gtk_tree_expander_set_list_row(gtkObject(widget), nil)
  }
}
