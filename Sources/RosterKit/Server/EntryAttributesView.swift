import CGtk
import Directory
import GtkKit

/// A person's details on their page (a server entry's attributes once read): names in a dim
/// column, values selectable beside them, one line per value, each as
/// `DisplayText` shows it (controls as visible marks, at most 256
/// characters). Filled when the attributes arrive (they are read off the
/// main thread when the page opens); rebuilt on each show, which is not a
/// scrolling path.
///
/// Threading: main-actor only.
@MainActor
final class EntryAttributesView {
  /// At most this many lines, so a hostile entry cannot grow the panel without bound.
  static let maxLines = 200

  /// The scrolled window holding the grid.
  let widget: Widget
  private var grid: Widget
  /// The lines shown, as "name: value" (tests).
  private(set) var lines: [String] = []

  init() {
    widget = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(gtkObject(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(gtkObject(widget), 1)
    gtk_scrolled_window_set_max_content_height(gtkObject(widget), 320)
    grid = gtk_grid_new()!
    gtk_scrolled_window_set_child(gtkObject(widget), grid)
    gtk_widget_add_css_class(widget, "entry-attributes")
    Gtk.setVisible(widget, false)
  }

  /// Shows `attributes` (an empty list hides the view).
  func show(_ attributes: [DirectoryAttribute]) {
    let old = grid
    grid = gtk_grid_new()!
    gtk_grid_set_column_spacing(Self.gtkGrid(grid), 12)
    gtk_grid_set_row_spacing(Self.gtkGrid(grid), 4)
    lines = []
    var row: Int32 = 0
    outer: for attribute in attributes {
      for (index, value) in attribute.values.enumerated() {
        guard lines.count < Self.maxLines else { break outer }
        let shownName = DisplayText.of(attribute.name)
        let shown = DisplayText.of(value)
        lines.append("\(shownName): \(shown)")
        let name = Gtk.label(index == 0 ? shownName : "", classes: ["dim-label"])
        Gtk.setSingleLine(name)
        gtk_label_set_max_width_chars(gtkObject(name), 20)
        gtk_label_set_xalign(gtkObject(name), 1)
        gtk_widget_set_valign(name, GTK_ALIGN_START)
        let text = Gtk.label(shown)
        gtk_label_set_xalign(gtkObject(text), 0)
        gtk_label_set_selectable(gtkObject(text), 1)
        // One line a value, cut at the page's edge (the whole value in its
        // tooltip): wrapped labels would ask the page for their height at
        // their narrowest.
        Gtk.setSingleLine(text)
        gtk_widget_set_tooltip_text(text, shown)
        gtk_widget_set_hexpand(text, 1)
        gtk_grid_attach(Self.gtkGrid(grid), name, 0, row, 1, 1)
        gtk_grid_attach(Self.gtkGrid(grid), text, 1, row, 1, 1)
        row += 1
      }
    }
    // A value's label may have the focus (a click selects its text).
    Gtk.replace(old, in: widget) { gtk_scrolled_window_set_child(gtkObject(widget), grid) }
    Gtk.setVisible(widget, !lines.isEmpty)
  }

  /// GtkGrid has a public struct, so its functions take a typed pointer.
  private static func gtkGrid(_ widget: Widget) -> UnsafeMutablePointer<GtkGrid> {
    cgtk_grid(widget)
  }
}
