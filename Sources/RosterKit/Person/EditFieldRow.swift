import CGtk
import Directory
import GtkKit
import SharedSupport

/// One field of the person page's form (``PersonEditor``): its label, the
/// entry holding what the user typed, and, after a conflict, what the
/// server holds now with "Use Theirs" and "Keep Mine" under the entry.
///
/// Threading: main-actor only.
@MainActor
final class EditFieldRow {
  let field: EditableField
  /// The entry, prefilled with the field's first value as seen.
  let entry: Widget
  /// "Changed on the server to “…”" and its two buttons, shown after a conflict.
  private let conflictBox: Widget
  private let conflictLabel: Widget
  /// Takes the server's value into the entry.
  let useTheirsButton: Widget
  /// Keeps the entry, so that the next Save overwrites the server's value.
  let keepMineButton: Widget
  /// What the server held when a conflict showed it; nil without one.
  private(set) var serverValues: [String]?
  /// "Use Theirs" or "Keep Mine" was clicked (true: theirs).
  var onResolve: (@MainActor (_ field: EditableField, _ theirs: Bool) -> Void)?
  /// Enter in the entry.
  var onActivate: (@MainActor () -> Void)?

  /// The row of `field`, attached to `grid` at `row` (its conflict line at
  /// `row + 1`), with `accessory` after the entry when given.
  init(field: EditableField, in grid: Widget, row: Int32, accessory: Widget? = nil) {
    self.field = field
    let label = Gtk.label(field.label, classes: ["dim-label"])
    gtk_label_set_xalign(gtkObject(label), 1)
    entry = gtk_entry_new()!
    gtk_widget_set_hexpand(entry, 1)
    RowAccessibility.setLabel(entry, field.label)
    gtk_label_set_mnemonic_widget(gtkObject(label), entry)
    conflictLabel = Gtk.label(classes: ["warning", "caption"])
    gtk_label_set_xalign(gtkObject(conflictLabel), 0)
    gtk_label_set_wrap(gtkObject(conflictLabel), 1)
    gtk_label_set_wrap_mode(gtkObject(conflictLabel), PANGO_WRAP_WORD_CHAR)
    // A wrapped label's least width is a word's, and the window's height
    // is asked at its least width: at least 24 characters a line keeps it short.
    gtk_label_set_width_chars(gtkObject(conflictLabel), 24)
    gtk_widget_set_hexpand(conflictLabel, 1)
    useTheirsButton = gtk_button_new_with_label(tr("Use Theirs"))!
    keepMineButton = gtk_button_new_with_label(tr("Keep Mine"))!
    for button in [useTheirsButton, keepMineButton] {
      gtk_widget_add_css_class(button, "flat")
      gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    }
    conflictBox = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    Gtk.append(conflictBox, conflictLabel, useTheirsButton, keepMineButton)
    Gtk.setVisible(conflictBox, false)
    gtk_grid_attach(cgtk_grid(grid), label, 0, row, 1, 1)
    gtk_grid_attach(cgtk_grid(grid), entry, 1, row, 1, 1)
    if let accessory { gtk_grid_attach(cgtk_grid(grid), accessory, 2, row, 1, 1) }
    gtk_grid_attach(cgtk_grid(grid), conflictBox, 1, row + 1, 1, 1)
    Signals.connect(gobject(useTheirsButton), .clicked) { [weak self] in
      guard let self else { return }
      self.onResolve?(self.field, true)
    }
    Signals.connect(gobject(keepMineButton), .clicked) { [weak self] in
      guard let self else { return }
      self.onResolve?(self.field, false)
    }
    Signals.connect(gobject(entry), .activate) { [weak self] in self?.onActivate?() }
  }

  /// Drops the widgets' references on the main thread.
  isolated deinit {}

  /// What the entry holds.
  var text: String {
    get { String(cString: gtk_editable_get_text(gtkObject(entry))) }
    set { gtk_editable_set_text(gtkObject(entry), newValue) }
  }

  /// What the conflict line says ("" without a conflict).
  var conflictText: String {
    serverValues == nil ? "" : String(cString: gtk_label_get_text(gtkObject(conflictLabel)))
  }

  /// Says under the entry that the server holds `current` now.
  func showConflict(current: [String]) {
    serverValues = current
    let text =
      current.isEmpty
      ? tr("Emptied on the server")
      : String(
        filling: tr("Changed on the server to “%@”"),
        DisplayText.of(current.joined(separator: ", ")))
    Gtk.setText(conflictLabel, text)
    Gtk.setVisible(conflictBox, true)
  }

  /// Takes the conflict line away.
  func hideConflict() {
    serverValues = nil
    Gtk.setVisible(conflictBox, false)
  }

  /// Whether the entry and the conflict's buttons take input.
  func setSensitive(_ sensitive: Bool) {
    for widget in [entry, useTheirsButton, keepMineButton] {
      gtk_widget_set_sensitive(widget, sensitive ? 1 : 0)
    }
  }
}

extension EditableField {
  /// The field's name as the person page's form shows it, translated.
  var label: String { detail?.label ?? tr("Mobile") }
}
