import CGtk
import GtkKit
import SharedSupport

/// The header bar: "Roster" with the people count under it, a spinner while
/// the directory loads, and the Refresh button (bound to `win.refresh`).
///
/// Threading: main-actor only.
@MainActor
final class HeaderBar {
  let widget: Widget
  private let subtitle: Widget
  private let spinner: Widget
  let refreshButton: Widget
  /// Switches between list and grid (`win.grid`).
  let gridButton: Widget

  init() {
    widget = gtk_header_bar_new()!
    let title = Gtk.label(tr("Roster"), classes: ["title"])
    subtitle = Gtk.label("", classes: ["subtitle"])
    let titles = Gtk.box(GTK_ORIENTATION_VERTICAL, classes: ["title-box"])
    gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
    Gtk.append(titles, title, subtitle)
    gtk_header_bar_set_title_widget(gtkObject(widget), titles)

    refreshButton = gtk_button_new_from_icon_name("view-refresh-symbolic")!
    gtk_widget_set_tooltip_text(refreshButton, tr("Refresh (Ctrl+R)"))
    gtk_actionable_set_action_name(gtkObject(refreshButton), "win.refresh")
    Self.setAccessibleLabel(refreshButton, tr("Refresh"))
    spinner = gtk_spinner_new()!
    gtk_widget_set_tooltip_text(spinner, tr("Loading the directory"))
    Gtk.setVisible(spinner, false)
    gtk_header_bar_pack_start(gtkObject(widget), refreshButton)
    gtk_header_bar_pack_start(gtkObject(widget), spinner)

    gridButton = gtk_toggle_button_new()!
    gtk_button_set_icon_name(
      gobject(gridButton).assumingMemoryBound(to: GtkButton.self), "view-grid-symbolic")
    gtk_widget_set_tooltip_text(gridButton, tr("Show as a grid (Ctrl+G)"))
    gtk_actionable_set_action_name(gtkObject(gridButton), "win.grid")
    Self.setAccessibleLabel(gridButton, tr("Grid view"))
    gtk_header_bar_pack_end(gtkObject(widget), gridButton)
  }

  /// The subtitle text ("2,000 people").
  var subtitleText: String {
    get { String(cString: gtk_label_get_text(gtkObject(subtitle))) }
    set {
      Gtk.setText(subtitle, newValue)
      Gtk.setVisible(subtitle, !newValue.isEmpty)
    }
  }

  /// Shows or hides the loading spinner.
  func setBusy(_ busy: Bool) {
    Gtk.setVisible(spinner, busy)
    gtk_spinner_set_spinning(gtkObject(spinner), busy ? 1 : 0)
  }

  private static func setAccessibleLabel(_ widget: Widget, _ text: String) {
    RowAccessibility.setLabel(gobject(widget), text)
  }
}
