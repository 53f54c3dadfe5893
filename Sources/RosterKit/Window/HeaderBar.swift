import CAdw
import CGtk
import GtkKit
import SharedSupport

/// The header bar (libadwaita's): "Roster" with the people count under it
/// (an AdwWindowTitle), a spinner while the directory loads, the Refresh
/// button (bound to `win.refresh`) and the grid and table toggles.
///
/// Threading: main-actor only.
@MainActor
final class HeaderBar {
  let widget: Widget
  /// The AdwWindowTitle: the title and the subtitle under it.
  private let titles: Widget
  private let spinner: Widget
  let refreshButton: Widget
  /// Switches between list and grid (`win.grid`).
  let gridButton: Widget
  /// Switches between list and table (`win.table`).
  let tableButton: Widget
  /// Shows or hides the groups sidebar (`win.sidebar`).
  let sidebarButton: Widget
  /// Goes back to the place before (`win.back`); shown when there is one.
  let backButton: Widget

  init() {
    widget = adw_header_bar_new()!
    titles = adw_window_title_new(tr("Roster"), "")!
    adw_header_bar_set_title_widget(gtkObject(widget), titles)

    refreshButton = gtk_button_new_from_icon_name("view-refresh-symbolic")!
    gtk_widget_set_tooltip_text(refreshButton, tr("Refresh (Ctrl+R)"))
    gtk_actionable_set_action_name(gtkObject(refreshButton), WindowAction.refresh.detailedName)
    Self.setAccessibleLabel(refreshButton, tr("Refresh"))
    backButton = gtk_button_new_from_icon_name("go-previous-symbolic")!
    gtk_widget_set_tooltip_text(backButton, tr("Back (Alt+Left)"))
    gtk_actionable_set_action_name(gtkObject(backButton), WindowAction.back.detailedName)
    Self.setAccessibleLabel(backButton, tr("Back"))
    Gtk.setVisible(backButton, false)
    adw_header_bar_pack_start(gtkObject(widget), backButton)
    sidebarButton = gtk_toggle_button_new()!
    gtk_button_set_icon_name(cgtk_button(sidebarButton), "sidebar-show-symbolic")
    gtk_widget_set_tooltip_text(sidebarButton, tr("Groups (F9)"))
    gtk_actionable_set_action_name(gtkObject(sidebarButton), WindowAction.sidebar.detailedName)
    Self.setAccessibleLabel(sidebarButton, tr("Groups"))
    adw_header_bar_pack_start(gtkObject(widget), sidebarButton)
    spinner = gtk_spinner_new()!
    gtk_widget_set_tooltip_text(spinner, tr("Loading the directory"))
    Gtk.setVisible(spinner, false)
    adw_header_bar_pack_start(gtkObject(widget), refreshButton)
    adw_header_bar_pack_start(gtkObject(widget), spinner)

    gridButton = gtk_toggle_button_new()!
    gtk_button_set_icon_name(cgtk_button(gridButton), "view-grid-symbolic")
    gtk_widget_set_tooltip_text(gridButton, tr("Show as a grid (Ctrl+G)"))
    gtk_actionable_set_action_name(gtkObject(gridButton), WindowAction.grid.detailedName)
    Self.setAccessibleLabel(gridButton, tr("Grid view"))

    tableButton = gtk_toggle_button_new()!
    gtk_button_set_icon_name(
      cgtk_button(gobject(tableButton)), "x-office-spreadsheet-symbolic")
    gtk_widget_set_tooltip_text(tableButton, tr("Show as a table (Ctrl+3)"))
    gtk_actionable_set_action_name(gtkObject(tableButton), WindowAction.table.detailedName)
    Self.setAccessibleLabel(tableButton, tr("Table view"))
  }

  /// The title ("Roster", a person's name on their page).
  var titleText: String {
    get { String(cString: adw_window_title_get_title(gtkObject(titles))) }
    set { adw_window_title_set_title(gtkObject(titles), newValue) }
  }

  /// The subtitle text ("2,000 people").
  var subtitleText: String {
    get { String(cString: adw_window_title_get_subtitle(gtkObject(titles))) }
    set { adw_window_title_set_subtitle(gtkObject(titles), newValue) }
  }

  /// What the page says of its people ("1,000 people"), kept while a
  /// person's page shows (``showPeople(after:)``).
  var peopleSubtitle = ""
  /// How many people the page says are selected.
  var selectedCount = 0

  /// Shows the people's subtitle, `extra` after it ("1,000 people ·
  /// making an offline copy: 200"), or how many are selected from two on
  /// ("3 selected"): both would not fit beside a narrow window's buttons.
  func showPeople(after extra: String?) {
    subtitleText =
      selectedCount > 1
      ? NumberText.selected(selectedCount)
      : [peopleSubtitle, extra].compactMap { $0 }.joined(separator: " · ")
  }

  /// Shows or hides the loading spinner.
  func setBusy(_ busy: Bool) {
    Gtk.setVisible(spinner, busy)
    gtk_spinner_set_spinning(gtkObject(spinner), busy ? 1 : 0)
  }

  /// Adds `widget` at the end of the bar, left of what was added before
  /// (the window adds its main menu, then ``tableButton`` and ``gridButton``).
  func packEnd(_ widget: Widget) {
    adw_header_bar_pack_end(gtkObject(self.widget), widget)
  }

  private static func setAccessibleLabel(_ widget: Widget, _ text: String) {
    RowAccessibility.setLabel(widget, text)
  }
}
