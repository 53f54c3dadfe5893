import CGtk
import Directory
import GtkKit
import SharedSupport

/// One line of the org tree: the expander of a manager (indented by their
/// level), the person drawn as a list row draws them (``PersonView``) and
/// how many people report to them; a skeleton while a server's window
/// holding the line is on its way.
///
/// Threading: main-actor only.
@MainActor
final class OrgTreeRow: ListRow {
  /// What a line shows.
  struct Model {
    /// Nil: a skeleton, the person still on their way from a server.
    var person: UserViewModel?
    /// Nil: not known yet (shown as nothing).
    var reports: Int?
    /// The tree's row, for the expander.
    var row: ObjectRef
  }

  let widget: Widget
  /// The reference that keeps the widget tree, sunk from its floating one.
  private let root: ObjectRef
  let person: PersonView
  private let count: Widget

  init(avatars: AvatarService?) {
    widget = gtk_tree_expander_new()!
    root = ObjectRef(widget)
    person = PersonView(shape: .row, avatars: avatars)
    gtk_widget_set_hexpand(person.widget, 1)
    count = Gtk.label(classes: ["dim-label", "numeric"])
    gtk_widget_set_margin_end(count, 12)
    let line = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    Gtk.append(line, person.widget, count)
    gtk_tree_expander_set_child(gtkObject(widget), line)
  }

  /// Drops the widget's reference on the main thread.
  isolated deinit {}

  func bind(_ model: Model, position: Int) {
    gtk_tree_expander_set_list_row(gtkObject(widget), model.row.opaque)
    if let shown = model.person {
      person.bind(shown)
    } else {
      person.showSkeleton(label: tr("Loading"))
    }
    let total = model.reports ?? 0
    let reports =
      total == 0
      ? "" : String(filling: trn("%@ report", "%@ reports", total), NumberText.grouped(total))
    Gtk.setText(count, reports)
    // A screen reader hears the level (1 at the top) and the team's size.
    let level = Int(gtk_tree_list_row_get_depth(model.row.opaque)) + 1
    let words = String(filling: tr("Level %ld"), level)
    RowAccessibility.setLevel(
      widget, level, description: reports.isEmpty ? words : "\(words), \(reports)")
  }

  func unbind() {
    gtk_tree_expander_set_list_row(gtkObject(widget), nil)
    person.unbind()
  }

  /// The name and the count shown (tests).
  var texts: (name: String, count: String) {
    (person.nameText, String(cString: gtk_label_get_text(gtkObject(count))))
  }
}
