import CGtk
import Directory
import GtkKit

/// One line of the data checks' window: the check's title, the person's
/// name and username, what is wrong (names from the directory shown with
/// their controls marked, as a person's name is everywhere).
///
/// Threading: main-actor only.
@MainActor
final class FindingRow: ListRow {
  let widget: Widget
  /// The reference that keeps the widget tree, sunk from its floating one:
  /// the list may be torn down before the row is unbound.
  private let root: ObjectRef
  private let check: Widget
  private let person: Widget
  private let detail: Widget

  init() {
    check = Gtk.label(classes: ["caption-heading", "dim-label"])
    person = Gtk.label()
    detail = Gtk.label(classes: ["caption"])
    for label in [check, person, detail] {
      gtk_label_set_xalign(gtkObject(label), 0)
      gtk_label_set_ellipsize(gtkObject(label), PANGO_ELLIPSIZE_END)
    }
    widget = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(widget, 12) }
    gtk_widget_set_margin_top(widget, 8)
    gtk_widget_set_margin_bottom(widget, 8)
    Gtk.append(widget, check, person, detail)
    root = ObjectRef(widget)
  }

  /// Drops the widget's reference on the main thread.
  isolated deinit {}

  func bind(_ line: FindingLine, position: Int) {
    gtk_label_set_text(gtkObject(check), FindingLine.title(of: line.check))
    gtk_label_set_text(
      gtkObject(person), DisplayText.of(line.name) + " (" + DisplayText.of(line.username) + ")")
    gtk_label_set_text(gtkObject(detail), DisplayText.of(line.detail))
  }

  func unbind() {
    for label in [check, person, detail] { gtk_label_set_text(gtkObject(label), "") }
  }

  /// The three lines shown (tests).
  var texts: [String] {
    [check, person, detail].map { String(cString: gtk_label_get_text(gtkObject($0))) }
  }
}
