import CGtk
import Directory
import GtkKit
import SharedSupport

/// "Reset Password…": a person's new password typed twice, or Generate,
/// sent with ``Directory/AccountAdministration/resetPassword(username:to:)``
/// off the main thread. A typed one closes the dialog when set; a
/// generated one is shown once, selectable, with Copy, until the dialog
/// closes. The server's refusal shows in place, the entries kept.
///
/// Threading: main-actor only; the server is written off the main thread
/// by the directory.
@MainActor
final class PasswordDialog {
  let dialog: AccountDialog
  let first: Widget
  let second: Widget
  let generateButton: Widget
  /// The generated password, once set, and Copy.
  let generatedLabel: Widget
  let copyButton: Widget
  private let entries: Widget
  private let generatedBox: Widget
  private let directory: any AccountAdministration
  private let username: String
  /// The password was reset (the entry's DN).
  var onDone: (@MainActor (_ dn: String) -> Void)?
  /// Whether a reset is on its way.
  private(set) var isBusy = false

  /// The dialog for `username` (shown as `name`) on `directory`, over
  /// `parent`.
  init(parent: Widget?, name: String, username: String, directory: any AccountAdministration) {
    self.directory = directory
    self.username = username
    first = gtk_password_entry_new()!
    second = gtk_password_entry_new()!
    gtk_password_entry_set_show_peek_icon(gtkObject(first), 1)
    RowAccessibility.setLabel(first, tr("New password"))
    RowAccessibility.setLabel(second, tr("New password again"))
    generateButton = gtk_button_new_with_mnemonic(tr("_Generate"))!
    let grid = gtk_grid_new()!
    gtk_grid_set_row_spacing(cgtk_grid(grid), 6)
    gtk_grid_set_column_spacing(cgtk_grid(grid), 12)
    for (row, (label, entry)) in [(tr("New password"), first), (tr("Again"), second)].enumerated() {
      let title = Gtk.label(label, classes: ["dim-label"])
      gtk_label_set_xalign(gtkObject(title), 1)
      gtk_widget_set_hexpand(entry, 1)
      gtk_grid_attach(cgtk_grid(grid), title, 0, Int32(row), 1, 1)
      gtk_grid_attach(cgtk_grid(grid), entry, 1, Int32(row), 1, 1)
    }
    gtk_widget_set_halign(generateButton, GTK_ALIGN_START)
    entries = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    Gtk.append(entries, grid, generateButton)
    generatedLabel = Gtk.label("", classes: ["monospace", "title-3"])
    gtk_label_set_selectable(gtkObject(generatedLabel), 1)
    copyButton = gtk_button_new_with_mnemonic(tr("C_opy"))!
    generatedBox = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
    let shownOnce = Gtk.label(
      tr("The new password, shown this once:"), classes: ["dim-label"])
    gtk_label_set_xalign(gtkObject(shownOnce), 0)
    let line = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    Gtk.append(line, generatedLabel, copyButton)
    Gtk.append(generatedBox, shownOnce, line)
    Gtk.setVisible(generatedBox, false)
    let heading = Gtk.label(
      String(filling: tr("A new password for %@"), name), classes: ["heading"])
    gtk_label_set_xalign(gtkObject(heading), 0)
    let body = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    Gtk.append(body, heading, entries, generatedBox)
    dialog = AccountDialog(
      parent: parent, title: tr("Reset Password"), body: body, action: tr("_Reset Password"))
    Signals.connect(gobject(dialog.actionButton), .clicked) { [weak self] in self?.resetTyped() }
    Signals.connect(gobject(second), .activate) { [weak self] in self?.resetTyped() }
    Signals.connect(gobject(generateButton), .clicked) { [weak self] in
      self?.reset(Secret.generated(), shown: true)
    }
    Signals.connect(gobject(copyButton), .clicked) { [weak self] in self?.copy() }
  }

  /// Shows the dialog.
  func present() { dialog.present() }

  /// Sends the typed password when both entries hold the same.
  private func resetTyped() {
    let typed = Gtk.editableText(first)
    guard !typed.isEmpty else { return dialog.say(tr("Type the new password")) }
    guard typed == Gtk.editableText(second) else {
      return dialog.say(tr("The two passwords differ"))
    }
    reset(Secret(typed), shown: false)
  }

  /// Sends `password`; set, the dialog closes, or with `shown` shows it.
  private func reset(_ password: Secret, shown: Bool) {
    guard !isBusy else { return }
    isBusy = true
    dialog.setBusy(true)
    gtk_widget_set_sensitive(generateButton, 0)
    dialog.say("")
    let (directory, username) = (directory, username)
    Task { @MainActor [weak self] in
      let result: Result<AccountOutcome, DirectoryError>
      do throws(DirectoryError) {
        result = .success(try await directory.resetPassword(username: username, to: password))
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      self.isBusy = false
      self.dialog.setBusy(false)
      gtk_widget_set_sensitive(self.generateButton, 1)
      switch result {
      case .success(.done(let dn, _)):
        self.onDone?(dn)
        if shown {
          Gtk.setText(self.generatedLabel, password.value)
          Gtk.setVisible(self.entries, false)
          Gtk.setVisible(self.generatedBox, true)
          Gtk.setVisible(self.dialog.actionButton, false)
          gtk_button_set_label(cgtk_button(self.dialog.cancelButton), tr("Close"))
        } else {
          self.dialog.close()
        }
      case .success(let outcome):
        self.dialog.say(AccountDialog.sentence(outcome, username: username))
      case .failure(let error):
        self.dialog.say(error.sentence)
      }
    }
  }

  /// Puts the generated password on the clipboard.
  private func copy() {
    let text = String(cString: gtk_label_get_text(gtkObject(generatedLabel)))
    gdk_clipboard_set_text(gtk_widget_get_clipboard(generatedLabel), text)
  }
}
