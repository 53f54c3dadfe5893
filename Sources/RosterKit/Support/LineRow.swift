import CGtk
import GtkKit

/// One line of a ``LinesWindow``: its heading, the person, the detail.
///
/// Threading: main-actor only.
@MainActor
final class LineRow<Line: ListedLine>: ListRow {
  let widget: Widget
  /// The reference that keeps the widget tree, sunk from its floating one:
  /// the list may be torn down before the row is unbound.
  private let root: ObjectRef
  private let heading: Widget
  private let person: Widget
  private let detail: Widget

  init() {
    heading = Gtk.label(classes: ["caption-heading", "dim-label"])
    person = Gtk.label()
    detail = Gtk.label(classes: ["caption"])
    for label in [heading, person, detail] {
      gtk_label_set_xalign(gtkObject(label), 0)
      gtk_label_set_ellipsize(gtkObject(label), PANGO_ELLIPSIZE_END)
    }
    widget = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(widget, 12) }
    gtk_widget_set_margin_top(widget, 8)
    gtk_widget_set_margin_bottom(widget, 8)
    Gtk.append(widget, heading, person, detail)
    root = ObjectRef(widget)
  }

  /// Drops the widget's reference on the main thread.
  isolated deinit {}

  func bind(_ line: Line, position: Int) {
    gtk_label_set_text(gtkObject(heading), line.heading)
    gtk_label_set_text(gtkObject(person), line.person)
    gtk_label_set_text(gtkObject(detail), line.detail)
  }

  func unbind() {
    for label in [heading, person, detail] { gtk_label_set_text(gtkObject(label), "") }
  }

  /// The three lines shown (tests).
  var texts: [String] {
    [heading, person, detail].map { String(cString: gtk_label_get_text(gtkObject($0))) }
  }
}
