import CGtk
import Directory
import GtkKit
import SharedSupport

/// The dialog of Add to Group…: a search over the directory's groups by
/// name (the server searches, as the groups sidebar's does), their list,
/// and Add, which tells ``onAdd`` the group selected (the first listed,
/// until another is clicked). While the people are
/// added the dialog waits; what failed shows under the list, and the
/// dialog stays for another try.
///
/// Threading: main-actor only; the groups are read by the caller, off the
/// main thread.
@MainActor
final class GroupPickerDialog {
  let window: Widget
  let searchEntry: Widget
  let listBox: Widget
  let addButton: Widget
  let status: Widget
  /// The groups listed, in the list's order.
  private(set) var groups: [DirectoryGroupEntry] = []
  /// Called with the text typed in the search (the caller lists its groups).
  var onSearch: (@MainActor (String) -> Void)?
  /// Called with the group chosen when Add is clicked.
  var onAdd: (@MainActor (DirectoryGroupEntry) -> Void)?

  /// A dialog over `parent` adding `people` ("3 people").
  init(parent: Widget, people: String) {
    window = AdwChrome.window(application: nil)
    gtk_window_set_title(cgtk_window(window), tr("Add to Group"))
    gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
    gtk_window_set_modal(cgtk_window(window), 1)
    gtk_window_set_default_size(cgtk_window(window), 360, 420)
    searchEntry = gtk_search_entry_new()!
    Gtk.setProperty(searchEntry, "placeholder-text", tr("Search groups"))
    RowAccessibility.setLabel(searchEntry, tr("Search groups"))
    listBox = gtk_list_box_new()!
    gtk_widget_add_css_class(listBox, "navigation-sidebar")
    RowAccessibility.setLabel(listBox, tr("Groups"))
    let scrolled = Gtk.scrolledWindow(listBox)
    gtk_widget_set_vexpand(scrolled, 1)
    status = Gtk.label("", classes: ["error"])
    gtk_label_set_wrap(gtkObject(status), 1)
    gtk_label_set_xalign(gtkObject(status), 0)
    gtk_label_set_selectable(gtkObject(status), 1)
    Gtk.setVisible(status, false)
    addButton = gtk_button_new_with_mnemonic(tr("_Add"))!
    gtk_widget_add_css_class(addButton, "suggested-action")
    gtk_widget_set_sensitive(addButton, 0)
    gtk_widget_set_halign(addButton, GTK_ALIGN_END)
    let content = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 18) }
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(content, 18) }
    let heading = Gtk.label(String(filling: tr("Add %@ to:"), people), classes: ["heading"])
    gtk_label_set_xalign(gtkObject(heading), 0)
    Gtk.append(content, heading, searchEntry, scrolled, status, addButton)
    AdwChrome.setContent(of: window, header: AdwChrome.headerBar(), body: content)
    gtk_window_set_default_widget(cgtk_window(window), addButton)
    Signals.connect(gobject(searchEntry), .searchChanged) { [weak self] in
      guard let self else { return }
      self.onSearch?(String(cString: gtk_editable_get_text(gtkObject(self.searchEntry))))
    }
    Signals.connect(gobject(addButton), .clicked) { [weak self] in
      guard let self, let group = self.chosen else { return }
      self.onAdd?(group)
    }
    // Closed with the window it is over: a modal window left behind would
    // hold the input of every other window.
    Signals.connect(gobject(parent), .destroy) { [weak self] in self?.close() }
    // Closed by its own close button: its widgets go too.
    Signals.connect(gobject(window), .closeRequest) { [weak self] in
      self?.isClosed = true
      return false
    }
  }

  func present() { gtk_window_present(cgtk_window(window)) }

  /// Closes the dialog (once: its widgets go with it).
  func close() {
    guard !isClosed else { return }
    isClosed = true
    gtk_window_destroy(cgtk_window(window))
  }

  /// Whether the dialog was closed (its widgets are gone).
  private(set) var isClosed = false

  /// Lists `groups` in place of those listed, the group selected before
  /// still selected when it is among them, else the first.
  func show(_ groups: [DirectoryGroupEntry]) {
    let kept = chosen.flatMap { chosen in groups.firstIndex { $0.id == chosen.id } }
    self.groups = groups
    while let row = gtk_widget_get_first_child(listBox) {
      gtk_list_box_remove(gtkObject(listBox), row)
    }
    for group in groups {
      let label = Gtk.label(group.name)
      gtk_label_set_xalign(gtkObject(label), 0)
      gtk_list_box_append(gtkObject(listBox), label)
    }
    if let row = gtk_list_box_get_row_at_index(gtkObject(listBox), Int32(kept ?? 0)) {
      gtk_list_box_select_row(gtkObject(listBox), row)
    }
    gtk_widget_set_sensitive(addButton, groups.isEmpty ? 0 : 1)
  }

  /// The group selected in the list, if any.
  var chosen: DirectoryGroupEntry? {
    guard let row = gtk_list_box_get_selected_row(gtkObject(listBox)) else { return nil }
    let index = Int(gtk_list_box_row_get_index(row))
    return groups.indices.contains(index) ? groups[index] : nil
  }

  /// Selects the line of the group named `name`; false when none is listed.
  @discardableResult
  func select(named name: String) -> Bool {
    guard let index = groups.firstIndex(where: { $0.name == name }),
      let row = gtk_list_box_get_row_at_index(gtkObject(listBox), Int32(index))
    else { return false }
    gtk_list_box_select_row(gtkObject(listBox), row)
    return true
  }

  /// Waits (true: the people are being added, nothing can be clicked) or
  /// takes input again.
  func setBusy(_ busy: Bool) {
    for widget in [searchEntry, listBox, addButton] {
      gtk_widget_set_sensitive(widget, busy ? 0 : 1)
    }
    if !busy { gtk_widget_set_sensitive(addButton, groups.isEmpty ? 0 : 1) }
  }

  /// Shows `text` under the list (what failed); "" hides it.
  func say(_ text: String) {
    Gtk.setText(status, text)
    Gtk.setVisible(status, !text.isEmpty)
  }

  /// The text shown under the list ("" when none).
  var statusText: String { String(cString: gtk_label_get_text(gtkObject(status))) }
}
