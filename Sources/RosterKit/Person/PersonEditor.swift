import CGtk
import Directory
import GtkKit
import SharedSupport

/// Changing the person a page shows on a server that takes changes
/// (``Directory/EditableDirectory``): "Edit" reads the person's fields
/// off the main thread — the values seen — and shows them in entries
/// (``EditFieldRow``); "Save" sends one ``Directory/PersonEdit`` of the
/// fields changed, from seen to typed, off the main thread. Applied, the
/// page leaves editing and ``onToast`` offers Undo, the inverse change with
/// its own precondition; a conflict shows each field's value on the server
/// under its entry, with "Use Theirs" and "Keep Mine"; a refusal or an
/// error shows above the fields, the entries keeping what was typed.
/// Escape cancels.
///
/// Threading: main-actor only; the server is read and written off the main
/// thread by the directory.
@MainActor
final class PersonEditor {
  /// Where the editor is.
  enum Phase: Equatable {
    /// The page shows the person (Edit, when the server takes changes).
    case viewing
    /// Edit was clicked: the person's fields are on their way.
    case reading
    /// The entries take the user's values.
    case editing
    /// A change is on its way to the server.
    case saving
  }

  /// The fields the form shows, in its order.
  static let fields: [EditableField] = [
    .title, .phone, .mobile, .department, .manager, .location, .city, .email, .displayName,
    .employeeNumber,
  ]

  /// Edit, Change Photo, Cancel and Save, for the page's header.
  let buttons: Widget
  /// Change Photo and what follows it.
  let photo = PersonPhotoEditor()
  let editButton: Widget
  let cancelButton: Widget
  let saveButton: Widget
  private let saveSpinner: Widget
  /// The error line and the fields, shown in place of the details.
  let form: Widget
  private let errorLabel: Widget
  /// The form's rows, in ``fields``' order.
  let rows: [EditableField: EditFieldRow]
  /// Beside the manager's entry: chooses the manager by a search.
  let managerPicker = ManagerPicker()
  private(set) var phase = Phase.viewing
  /// The server the person is changed on; nil: the page offers no Edit.
  private(set) var directory: (any EditableDirectory)?
  /// The person shown, by username.
  private(set) var username: String?
  /// What each field held when the user last saw it: the precondition of
  /// the next Save (Undo sets it to what was saved).
  var seen: [EditableField: [String]] = [:]
  /// The fields the server says the person signed in may change (nil:
  /// it does not say, and every field is offered).
  private(set) var writable: Set<EditableField>?
  /// "Discard changes?" while it shows (PersonEditor+Leaving.swift).
  var discardQuestion: Widget?
  /// What had the focus when the entries went insensitive, to have it back.
  private var focusWhileSaving: Widget?
  /// Bumped by every read, save and cancel: a result of an older one is
  /// not shown.
  private var generation = 0
  /// The form shows or goes (true: editing; the page hides its details).
  var onEditing: (@MainActor (Bool) -> Void)?
  /// A change was applied to `username`: the page and the rows show it.
  var onApplied: (@MainActor (_ username: String) -> Void)?
  /// The photo of `username` was changed: every view fetches it again.
  var onPhotoApplied: (@MainActor (_ username: String) -> Void)?
  /// Says `text` in a toast, with Undo calling the closure when given.
  var onToast: (@MainActor (_ text: String, _ undo: (@MainActor () -> Void)?) -> Void)?

  init() {
    editButton = gtk_button_new_from_icon_name("document-edit-symbolic")!
    gtk_widget_set_tooltip_text(editButton, tr("Edit"))
    RowAccessibility.setLabel(editButton, tr("Edit"))
    cancelButton = gtk_button_new_with_label(tr("Cancel"))!
    saveButton = gtk_button_new()!
    gtk_widget_add_css_class(saveButton, "suggested-action")
    saveSpinner = gtk_spinner_new()!
    Gtk.setVisible(saveSpinner, false)
    let saveContent = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    Gtk.append(saveContent, saveSpinner, Gtk.label(tr("Save")))
    gtk_button_set_child(cgtk_button(saveButton), saveContent)
    RowAccessibility.setLabel(saveButton, tr("Save"))
    buttons = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
    gtk_widget_set_valign(buttons, GTK_ALIGN_START)
    Gtk.append(buttons, editButton, photo.button, cancelButton, saveButton)

    errorLabel = Gtk.label(classes: ["error"])
    gtk_label_set_xalign(gtkObject(errorLabel), 0)
    gtk_label_set_wrap(gtkObject(errorLabel), 1)
    gtk_label_set_wrap_mode(gtkObject(errorLabel), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_selectable(gtkObject(errorLabel), 1)
    // At least 40 characters a line: the window's height is asked at its
    // least width (EditFieldRow's conflict line).
    gtk_label_set_width_chars(gtkObject(errorLabel), 40)
    let grid = gtk_grid_new()!
    gtk_grid_set_row_spacing(cgtk_grid(grid), 6)
    gtk_grid_set_column_spacing(cgtk_grid(grid), 12)
    var rows: [EditableField: EditFieldRow] = [:]
    for (index, field) in Self.fields.enumerated() {
      rows[field] = EditFieldRow(
        field: field, in: grid, row: Int32(index * 2),
        accessory: field == .manager ? managerPicker.button : nil)
    }
    self.rows = rows
    form = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    Gtk.append(form, errorLabel, grid)
    Signals.connect(gobject(editButton), .clicked) { [weak self] in self?.edit() }
    Signals.connect(gobject(cancelButton), .clicked) { [weak self] in self?.cancel() }
    Signals.connect(gobject(saveButton), .clicked) { [weak self] in self?.save() }
    managerPicker.onChoose = { [weak self] username in
      guard let entry = self?.rows[.manager] else { return }
      entry.text = username
      gtk_widget_grab_focus(entry.entry)
    }
    photo.onToast = { [weak self] text in self?.onToast?(text, nil) }
    photo.onApplied = { [weak self] username in self?.onPhotoApplied?(username) }
    for row in rows.values {
      row.onResolve = { [weak self] field, theirs in self?.resolve(field, theirs: theirs) }
      row.onActivate = { [weak self] in self?.save() }
    }
    showPhase()
  }

  /// Drops the widgets' references on the main thread.
  isolated deinit {}

  /// The error shown above the fields ("" when none).
  var errorText: String {
    gtk_widget_get_visible(errorLabel) == 0
      ? "" : String(cString: gtk_label_get_text(gtkObject(errorLabel)))
  }

  /// The page shows `username`, on `directory` when it takes changes
  /// (nil: no Edit). Another person than the one edited ends the editing.
  func show(username: String, on directory: (any EditableDirectory)?) {
    if username != self.username || directory == nil { stop() }
    self.username = username
    self.directory = directory
    managerPicker.directory = directory
    photo.show(username: username, on: directory)
    showPhase()
  }

  /// The page shows nobody.
  func clear() {
    stop()
    username = nil
    directory = nil
    managerPicker.directory = nil
    photo.show(username: nil, on: nil)
    showPhase()
  }

  /// Reads the person's fields off the main thread and shows them in the
  /// entries (Edit).
  func edit() {
    guard phase == .viewing, let directory, let username else { return }
    generation += 1
    let generation = generation
    phase = .reading
    showPhase()
    Task { @MainActor [weak self] in
      let read: Result<[EditableField: [String]]?, DirectoryError>
      var writable: Set<EditableField>?
      do throws(DirectoryError) {
        let values = try await directory.values(of: username, fields: Self.fields)
        writable = try await directory.writableFields(of: username, among: Self.fields)
        read = .success(values)
      } catch {
        read = .failure(error)
      }
      guard let self, self.generation == generation else { return }
      self.phase = .viewing
      switch read {
      case .success(let values?): self.startEditing(values, writable: writable)
      case .success(nil):
        self.onToast?(
          String(
            filling: tr("No one in the directory has the username “%@”"),
            DisplayText.of(username)), nil)
      case .failure(let error):
        self.onToast?(
          String(filling: tr("Can't read the person's fields: %@"), error.sentence), nil)
      }
      self.showPhase()
    }
  }

  /// Leaves the entries without saving (Cancel, Escape).
  func cancel() {
    guard phase == .editing || phase == .reading else { return }
    stop()
    showPhase()
  }

  /// Sends the fields changed, from seen to typed, as one change (Save,
  /// Enter in an entry); nothing changed leaves the entries.
  func save() {
    guard phase == .editing, let username else { return }
    let changes = Self.fields.compactMap { field -> PersonEdit.Change? in
      let seen = seen[field] ?? []
      guard let text = rows[field]?.text, text != (seen.first ?? "") else { return nil }
      return PersonEdit.Change(field: field, seen: seen, new: text.isEmpty ? [] : [text])
    }
    if changes.isEmpty { return cancel() }
    send(PersonEdit(username: username, changes: changes), undoing: false)
  }

  /// Escape on `widget` cancels the editing.
  func cancelOnEscape(in widget: Widget) {
    let keys = gtk_event_controller_key_new()!
    Signals.connect(gobject(keys), .keyPressed) { [weak self] keyval, _, _ in
      guard let self, keyval == UInt32(GDK_KEY_Escape),
        self.phase == .editing || self.phase == .reading
      else { return false }
      self.cancel()
      return true
    }
    gtk_widget_add_controller(widget, keys)
  }

  // MARK: Steps

  /// Ends reading or editing: a result still on its way is not shown.
  private func stop() {
    generation += 1
    if phase != .viewing { phase = .viewing }
  }

  private func startEditing(_ values: [EditableField: [String]], writable: Set<EditableField>?) {
    seen = [:]
    self.writable = writable
    for field in Self.fields {
      let values = values[field] ?? []
      seen[field] = values
      rows[field]?.text = values.first ?? ""
      rows[field]?.hideConflict()
    }
    showError(nil)
    phase = .editing
    showPhase()
    let first = Self.fields.first { writable?.contains($0) ?? true }
    if let first { gtk_widget_grab_focus(rows[first]?.entry) }
  }

  /// "Use Theirs" (the entry takes the server's value) or "Keep Mine" (the
  /// entry stays): either way the server's value is now the one seen.
  private func resolve(_ field: EditableField, theirs: Bool) {
    guard phase == .editing, let row = rows[field], let current = row.serverValues else { return }
    seen[field] = current
    if theirs { row.text = current.first ?? "" }
    row.hideConflict()
  }

  /// Sends `edit` off the main thread and shows how it ended; `undoing`:
  /// it is a change's Undo.
  func send(_ edit: PersonEdit, undoing: Bool) {
    guard let directory else { return }
    generation += 1
    let generation = generation
    phase = .saving
    showPhase()
    Task { @MainActor [weak self] in
      let outcome: Result<EditOutcome, DirectoryError>
      do throws(DirectoryError) {
        outcome = .success(try await directory.change(edit))
      } catch {
        outcome = .failure(error)
      }
      guard let self else { return }
      guard self.generation == generation else {
        // The page moved on; the rows still show what was applied.
        if case .success(.applied) = outcome { self.onApplied?(edit.username) }
        return
      }
      self.finish(edit, on: directory, outcome: outcome, undoing: undoing)
    }
  }

  private func finish(
    _ edit: PersonEdit, on directory: any EditableDirectory,
    outcome: Result<EditOutcome, DirectoryError>, undoing: Bool
  ) {
    phase = .editing
    switch outcome {
    case .success(.applied(let logFailure)):
      for change in edit.changes { seen[change.field] = change.new }
      phase = .viewing
      var text = undoing ? tr("Change undone") : tr("Saved")
      if let logFailure {
        text = String(
          filling: tr("%@ (the change log could not be written: %@)"), text,
          DisplayText.of(logFailure))
      }
      let after = seen
      var undo: (@MainActor () -> Void)?
      if !undoing { undo = { [weak self] in self?.undo(edit, on: directory, after: after) } }
      onToast?(text, undo)
      onApplied?(edit.username)
    case .success(.conflict(let conflicts)):
      showError(
        tr("Someone changed these fields on the server since you opened them; nothing was saved."))
      for conflict in conflicts { rows[conflict.field]?.showConflict(current: conflict.current) }
    case .success(.refused(let reason)):
      showError(String(filling: tr("The server refused the change: %@"), DisplayText.of(reason)))
    case .success(.noSuchPerson):
      showError(
        String(
          filling: tr("No one in the directory has the username “%@”"),
          DisplayText.of(edit.username)))
    case .failure(let error):
      showError(String(filling: tr("Can't save the change: %@"), error.sentence))
    }
    showPhase()
  }

  /// The widget of the editor's buttons or form that has the window's
  /// focus, if one has.
  private func focusInEditor() -> Widget? {
    guard let root = gtk_widget_get_root(form), let focus = gtk_root_get_focus(root),
      gtk_widget_is_ancestor(focus, form) != 0 || gtk_widget_is_ancestor(focus, buttons) != 0
    else { return nil }
    return focus
  }

  /// Shows `text` above the fields (nil: no error).
  func showError(_ text: String?) {
    Gtk.setText(errorLabel, text ?? "")
    Gtk.setVisible(errorLabel, text != nil)
  }

  /// Shows the buttons and the form as ``phase`` has them.
  private func showPhase() {
    let editing = phase == .editing || phase == .saving
    Gtk.setVisible(buttons, directory != nil)
    Gtk.setVisible(editButton, !editing)
    Gtk.setVisible(photo.button, !editing && photo.directory != nil)
    gtk_widget_set_sensitive(editButton, phase == .viewing ? 1 : 0)
    Gtk.setVisible(cancelButton, editing)
    Gtk.setVisible(saveButton, editing)
    gtk_widget_set_sensitive(cancelButton, phase == .editing ? 1 : 0)
    gtk_widget_set_sensitive(saveButton, phase == .editing ? 1 : 0)
    Gtk.setVisible(saveSpinner, phase == .saving)
    gtk_spinner_set_spinning(gtkObject(saveSpinner), phase == .saving ? 1 : 0)
    // The focus leaves an entry before it goes insensitive or hides (left
    // to GTK, the entry keeps blinking a cursor it no longer has), and
    // comes back to it, or to Edit, after.
    let focused = focusInEditor()
    if phase != .editing, let focused {
      if let root = gtk_widget_get_root(form) { gtk_root_set_focus(root, nil) }
      focusWhileSaving = focused
    }
    for (field, row) in rows {
      let mayChange = writable?.contains(field) ?? true
      row.setSensitive(phase == .editing && mayChange)
      if field == .manager {
        gtk_widget_set_sensitive(managerPicker.button, phase == .editing && mayChange ? 1 : 0)
      }
      gtk_widget_set_tooltip_text(
        row.entry, mayChange ? nil : tr("The directory server does not let you change this field"))
    }
    Gtk.setVisible(form, editing)
    if let target = focusWhileSaving, phase == .editing || phase == .viewing {
      focusWhileSaving = nil
      gtk_widget_grab_focus(phase == .editing ? target : editButton)
    }
    onEditing?(editing)
  }
}
