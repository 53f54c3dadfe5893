import CGtk
import GtkKit
import SharedSupport

/// The search bar over the list: a GtkSearchEntry in a GtkSearchBar that
/// typing anywhere in the window opens. Closing the bar (Esc, its close
/// button) clears the search.
///
/// Threading: main-actor only.
@MainActor
final class SearchBar {
  /// The GtkSearchBar.
  let widget: Widget
  let entry: Widget
  /// Called with the entry's text when it changes (GtkSearchEntry's
  /// "search-changed": after a short pause while typing, at once on clear).
  var onChange: (@MainActor (String) -> Void)?

  /// A search bar capturing the keys typed in `window`.
  init(keyCaptureWidget window: Widget) {
    entry = gtk_search_entry_new()!
    gtk_widget_set_hexpand(entry, 1)
    gtk_editable_set_width_chars(gtkObject(entry), 28)
    // GTK 4.8 has no setter for the placeholder; the property is there.
    Gtk.setProperty(entry, "placeholder-text", tr("Search by name, email or role"))
    widget = gtk_search_bar_new()!
    gtk_search_bar_set_child(gtkObject(widget), entry)
    gtk_search_bar_connect_entry(gtkObject(widget), gtkObject(entry))
    gtk_search_bar_set_show_close_button(gtkObject(widget), 1)
    gtk_search_bar_set_key_capture_widget(gtkObject(widget), window)
    Signals.connect(gobject(entry), .searchChanged) { [weak self] in
      guard let self else { return }
      self.onChange?(self.text)
    }
    Signals.connect(gobject(widget), .notify("search-mode-enabled")) { [weak self] in
      guard let self, !self.isOpen else { return }
      gtk_editable_set_text(gtkObject(self.entry), "")
    }
  }

  /// The entry's text.
  var text: String { String(cString: gtk_editable_get_text(gtkObject(entry))) }

  /// Whether the bar is open.
  var isOpen: Bool { gtk_search_bar_get_search_mode(gtkObject(widget)) != 0 }

  /// Opens the bar with the keyboard focus in the entry (Ctrl+F).
  func start() {
    gtk_search_bar_set_search_mode(gtkObject(widget), 1)
    gtk_widget_grab_focus(entry)
  }

  /// Puts `text` in the entry as if typed; "" clears. Text that extends the
  /// current text is appended, as typing does: replacing it would first
  /// empty the entry, which GtkSearchEntry reports at once.
  func setText(_ text: String) {
    if !text.isEmpty { gtk_search_bar_set_search_mode(gtkObject(widget), 1) }
    let editable = gtkObject(entry)
    let current = self.text
    guard !current.isEmpty, text.hasPrefix(current) else {
      gtk_editable_set_text(editable, text)
      return
    }
    var position = Int32(current.unicodeScalars.count)
    let typed = String(text.unicodeScalars.dropFirst(current.unicodeScalars.count))
    gtk_editable_insert_text(editable, typed, -1, &position)
  }
}
