import CGtk
import Directory
import GtkKit
import SharedSupport

/// "Delete…": asks "Delete NAME?" and, on Delete, deletes the person with
/// ``Directory/AccountAdministration/delete(username:)`` off the main
/// thread; their entry is kept in the change log first. Deleted, the
/// dialog closes; a refusal or a change meanwhile shows in place.
///
/// Threading: main-actor only; the server is written off the main thread
/// by the directory.
@MainActor
final class DeletePersonDialog {
  let dialog: AccountDialog
  private let directory: any AccountAdministration
  private let username: String
  /// The person was deleted (the entry's DN).
  var onDone: (@MainActor (_ dn: String) -> Void)?
  /// Whether the delete is on its way.
  private(set) var isBusy = false

  /// The dialog for `username` (shown as `name`) on `directory`, over
  /// `parent`.
  init(parent: Widget?, name: String, username: String, directory: any AccountAdministration) {
    self.directory = directory
    self.username = username
    let question = Gtk.label(
      String(filling: tr("Delete %1$@ (%2$@)?"), name, username), classes: ["title-3"])
    gtk_label_set_wrap(gtkObject(question), 1)
    gtk_label_set_xalign(gtkObject(question), 0)
    let detail = Gtk.label(
      tr(
        "Their entry is deleted from the directory server. The change log keeps it, so that it can be added back."
      ), classes: ["dim-label"])
    gtk_label_set_wrap(gtkObject(detail), 1)
    gtk_label_set_xalign(gtkObject(detail), 0)
    let body = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    Gtk.append(body, question, detail)
    dialog = AccountDialog(
      parent: parent, title: tr("Delete Person"), body: body, action: tr("_Delete"),
      destructive: true)
    Signals.connect(gobject(dialog.actionButton), .clicked) { [weak self] in self?.delete() }
  }

  /// Shows the dialog.
  func present() { dialog.present() }

  private func delete() {
    guard !isBusy else { return }
    isBusy = true
    dialog.setBusy(true)
    dialog.say("")
    let (directory, username) = (directory, username)
    Task { @MainActor [weak self] in
      let result: Result<AccountOutcome, DirectoryError>
      do throws(DirectoryError) {
        result = .success(try await directory.delete(username: username))
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      self.isBusy = false
      self.dialog.setBusy(false)
      switch result {
      case .success(.done(let dn, _)):
        self.onDone?(dn)
        self.dialog.close()
      case .success(let outcome):
        self.dialog.say(AccountDialog.sentence(outcome, username: username))
      case .failure(let error):
        self.dialog.say(error.sentence)
      }
    }
  }
}
