import CGtk
import Directory
import GtkKit
import SharedSupport

/// "New Person…": reads what a new person needs on the server
/// (``Directory/AccountAdministration/newPersonForm()``, off the main
/// thread), shows an entry for each attribute, the required ones first and
/// marked, and on Create adds the person with the attributes filled in.
/// A missing required attribute or the server's refusal shows in place.
///
/// Threading: main-actor only; the server is read and written off the
/// main thread by the directory.
@MainActor
final class NewPersonDialog {
  let dialog: AccountDialog
  private let grid: Widget
  private let directory: any AccountAdministration
  /// Each attribute's entry, in the form's order.
  private(set) var entries: [(attribute: String, entry: Widget)] = []
  /// The form as read; nil until then.
  private(set) var form: NewPersonForm?
  /// The person was added (the entry's DN).
  var onDone: (@MainActor (_ dn: String) -> Void)?
  /// Whether the form or the add is on its way.
  private(set) var isBusy = false

  /// The dialog for a person on `directory`, over `parent`; reads the form.
  init(parent: Widget?, directory: any AccountAdministration) {
    self.directory = directory
    grid = gtk_grid_new()!
    gtk_grid_set_row_spacing(cgtk_grid(grid), 6)
    gtk_grid_set_column_spacing(cgtk_grid(grid), 12)
    dialog = AccountDialog(
      parent: parent, title: tr("New Person"), body: grid, action: tr("C_reate"))
    Signals.connect(gobject(dialog.actionButton), .clicked) { [weak self] in self?.create() }
    read()
  }

  /// Shows the dialog.
  func present() { dialog.present() }

  /// The entry of `attribute`, once the form is read.
  func entry(_ attribute: String) -> Widget? {
    entries.first { $0.attribute.lowercased() == attribute.lowercased() }?.entry
  }

  private func read() {
    isBusy = true
    dialog.setBusy(true)
    let directory = directory
    Task { @MainActor [weak self] in
      let result: Result<NewPersonForm, DirectoryError>
      do throws(DirectoryError) {
        result = .success(try await directory.newPersonForm())
      } catch {
        result = .failure(error)
      }
      guard let self else { return }
      self.isBusy = false
      switch result {
      case .success(let form):
        self.show(form)
        self.dialog.setBusy(false)
      case .failure(let error):
        self.dialog.say(error.sentence)
      }
    }
  }

  /// An entry a row for each of `form`'s attributes, the required first.
  private func show(_ form: NewPersonForm) {
    self.form = form
    let rows =
      form.required.map { ($0, String(filling: tr("%@ (required)"), $0)) }
      + form.optional.map { ($0, $0) }
    for (index, (attribute, label)) in rows.enumerated() {
      let title = Gtk.label(label, classes: ["dim-label"])
      gtk_label_set_xalign(gtkObject(title), 1)
      let entry = gtk_entry_new()!
      gtk_widget_set_hexpand(entry, 1)
      RowAccessibility.setLabel(entry, label)
      Signals.connect(gobject(entry), .activate) { [weak self] in self?.create() }
      gtk_grid_attach(cgtk_grid(grid), title, 0, Int32(index), 1, 1)
      gtk_grid_attach(cgtk_grid(grid), entry, 1, Int32(index), 1, 1)
      entries.append((attribute, entry))
    }
  }

  private func create() {
    guard !isBusy, form != nil else { return }
    let person = NewPerson(
      attributes: entries.compactMap { attribute, entry in
        let text = Gtk.editableText(entry).trimmed
        return text.isEmpty ? nil : NewPerson.Attribute(name: attribute, values: [text])
      })
    isBusy = true
    dialog.setBusy(true)
    dialog.say("")
    let directory = directory
    Task { @MainActor [weak self] in
      let result: Result<AccountOutcome, DirectoryError>
      do throws(DirectoryError) {
        result = .success(try await directory.create(person))
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
        self.dialog.say(AccountDialog.sentence(outcome, username: ""))
      case .failure(let error):
        self.dialog.say(error.sentence)
      }
    }
  }
}
