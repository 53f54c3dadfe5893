import CGtk
import Directory
import GtkKit
import SharedSupport

/// The person page's account menu, on a server where an administrator may
/// reset passwords, delete and add people
/// (``Directory/AccountAdministration``): "Reset Password…"
/// (``PasswordDialog``), "Delete…" (``DeletePersonDialog``) and "New
/// Person…" (``NewPersonDialog``). Reset Password is greyed, saying why,
/// where no password would be sent (Active Directory without TLS).
/// Whether the person signed in may is the server's to say: a refusal
/// shows in the dialog, in its words.
///
/// Threading: main-actor only.
@MainActor
final class PersonAdministration {
  /// The menu button, hidden where the server takes no such changes.
  let button: Widget
  let resetButton: Widget
  let deleteButton: Widget
  let newButton: Widget
  private let popover: Widget
  private(set) var directory: (any AccountAdministration)?
  private(set) var username: String?
  private var name = ""
  /// The window the dialogs go over.
  var parent: Widget?
  /// Why Reset Password is greyed (the server as connected would not be
  /// sent one); nil: offered.
  private(set) var resetHindrance: String?
  /// Bumped by each directory shown: an older one's answer is dropped.
  private var generation = 0
  /// The dialog open now, if any (tests).
  private(set) var passwordDialog: PasswordDialog?
  private(set) var deleteDialog: DeletePersonDialog?
  private(set) var newPersonDialog: NewPersonDialog?
  /// Says `text` in a toast.
  var onToast: (@MainActor (String) -> Void)?
  /// A person was deleted (their username) or added: the rows read again.
  var onDeleted: (@MainActor (String) -> Void)?
  var onCreated: (@MainActor () -> Void)?

  init() {
    resetButton = Self.item(tr("Reset _Password…"))
    deleteButton = Self.item(tr("_Delete…"))
    newButton = Self.item(tr("_New Person…"))
    let list = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(list, resetButton, deleteButton, newButton)
    popover = gtk_popover_new()!
    gtk_popover_set_child(cgtk_popover(gobject(popover)), list)
    button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gtkObject(button), "system-users-symbolic")
    gtk_menu_button_set_popover(gtkObject(button), popover)
    gtk_widget_set_valign(button, GTK_ALIGN_START)
    gtk_widget_set_tooltip_text(button, tr("Account"))
    RowAccessibility.setLabel(button, tr("Account"))
    Gtk.setVisible(button, false)
    Signals.connect(gobject(resetButton), .clicked) { [weak self] in self?.openPassword() }
    Signals.connect(gobject(deleteButton), .clicked) { [weak self] in self?.openDelete() }
    Signals.connect(gobject(newButton), .clicked) { [weak self] in self?.openNewPerson() }
  }

  /// Drops the widgets' references on the main thread.
  isolated deinit {}

  /// The page shows `username` (named `name`) on `directory`; the menu
  /// shows where it takes an administrator's changes.
  func show(username: String, name: String, on directory: (any EditableDirectory)?) {
    self.username = username
    self.name = name
    let administered = directory as? any AccountAdministration
    let isNew = (administered as AnyObject?) !== (self.directory as AnyObject?)
    self.directory = administered
    Gtk.setVisible(button, administered != nil)
    guard isNew, let administered else { return }
    offerReset(nil)
    generation += 1
    let generation = generation
    Task { @MainActor [weak self] in
      let hindrance = try? await administered.passwordResetHindrance()
      guard let self, self.generation == generation else { return }
      self.offerReset(hindrance ?? nil)
    }
  }

  /// Reset Password offered, or greyed with `hindrance` as its tooltip.
  private func offerReset(_ hindrance: String?) {
    resetHindrance = hindrance
    gtk_widget_set_sensitive(resetButton, hindrance == nil ? 1 : 0)
    gtk_widget_set_tooltip_text(resetButton, hindrance)
  }

  /// The page shows nobody.
  func clear() {
    username = nil
    directory = nil
    Gtk.setVisible(button, false)
  }

  func openPassword() {
    guard let directory, let username else { return }
    gtk_popover_popdown(cgtk_popover(gobject(popover)))
    let dialog = PasswordDialog(
      parent: parent, name: name, username: username, directory: directory)
    dialog.onDone = { [weak self] _ in self?.onToast?(tr("Password reset")) }
    passwordDialog = dialog
    dialog.present()
  }

  func openDelete() {
    guard let directory, let username else { return }
    gtk_popover_popdown(cgtk_popover(gobject(popover)))
    let dialog = DeletePersonDialog(
      parent: parent, name: name, username: username, directory: directory)
    dialog.onDone = { [weak self] _ in
      self?.onToast?(String(filling: tr("%@ was deleted"), username))
      self?.onDeleted?(username)
    }
    deleteDialog = dialog
    dialog.present()
  }

  func openNewPerson() {
    guard let directory else { return }
    gtk_popover_popdown(cgtk_popover(gobject(popover)))
    let dialog = NewPersonDialog(parent: parent, directory: directory)
    dialog.onDone = { [weak self] dn in
      self?.onToast?(String(filling: tr("%@ was added"), dn))
      self?.onCreated?()
    }
    newPersonDialog = dialog
    dialog.present()
  }

  /// A flat menu item saying `label` (a mnemonic).
  private static func item(_ label: String) -> Widget {
    let button = gtk_button_new_with_mnemonic(label)!
    gtk_widget_add_css_class(button, "flat")
    if let child = gtk_button_get_child(cgtk_button(button)) {
      gtk_label_set_xalign(gtkObject(child), 0)
    }
    return button
  }
}
