import CGtk
import Directory
import GtkKit
import SharedSupport

/// "Connect to a Directory": a kind (JSON file, JSON URL, LDAP, SCIM), its
/// fields (``ConnectFields``), Test Connection (the count or the error, in
/// place) and Connect. Invalid input is marked on its field; nothing is
/// remembered until a test or a connect succeeds. When no keyring can take
/// the secret, it says so and offers to use the secret for this session.
///
/// Threading: main-actor only; the test runs off the main thread.
@MainActor
final class ConnectDialog {
  let window: Widget
  let fields = ConnectFields()
  private let kindChooser: Widget
  let status: Widget
  let testButton: Widget
  let connectButton: Widget
  /// "Use for This Session Only", shown when no keyring took the secret.
  let sessionButton: Widget
  private let connections: DirectoryConnections
  /// The directory being edited (its id is kept, so it replaces its entry).
  private var editing: RememberedDirectory?
  /// What a keyring-less success waits on: the directory and its secret.
  private var pending: (RememberedDirectory, Secret)?
  private var chooser: ObjectRef?
  /// Whether a test or connect is running.
  private(set) var isBusy = false

  /// A dialog over `parent`; `directory` pre-fills it (a remembered
  /// directory whose secret is needed), with `message` saying why.
  init(
    parent: Widget, connections: DirectoryConnections, directory: RememberedDirectory? = nil,
    message: String? = nil
  ) {
    self.connections = connections
    editing = directory
    window = AdwChrome.window(application: nil)
    gtk_window_set_title(cgtk_window(window), tr("Connect to a Directory"))
    gtk_window_set_transient_for(cgtk_window(window), cgtk_window(parent))
    gtk_window_set_modal(cgtk_window(window), 1)
    gtk_window_set_default_size(cgtk_window(window), 520, -1)
    gtk_widget_add_css_class(window, "connect-dialog")

    let kinds = gtk_string_list_new(nil)!
    for kind in DirectoryKinds.all { gtk_string_list_append(kinds, kind.title) }
    kindChooser = gtk_drop_down_new(kinds, nil)!
    RowAccessibility.setLabel(kindChooser, tr("Kind"))
    status = Gtk.label("", classes: ["connect-status"])
    gtk_label_set_wrap(gtkObject(status), 1)
    gtk_label_set_xalign(gtkObject(status), 0)
    gtk_label_set_selectable(gtkObject(status), 1)
    testButton = gtk_button_new_with_mnemonic(tr("_Test Connection"))!
    connectButton = gtk_button_new_with_mnemonic(tr("C_onnect"))!
    gtk_widget_add_css_class(connectButton, "suggested-action")
    sessionButton = gtk_button_new_with_mnemonic(tr("Use for This _Session Only"))!
    Gtk.setVisible(sessionButton, false)

    let kindRow = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
    Gtk.append(kindRow, Gtk.label(tr("Kind"), classes: ["dim-label"]), kindChooser)
    let buttons = Gtk.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
    gtk_widget_set_halign(buttons, GTK_ALIGN_END)
    Gtk.append(buttons, sessionButton, testButton, connectButton)
    let content = Gtk.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
    for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(content, 18) }
    for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { side(content, 18) }
    Gtk.append(content, kindRow, fields.grid, status, buttons)
    AdwChrome.setContent(of: window, header: AdwChrome.headerBar(), body: content)
    gtk_window_set_default_widget(cgtk_window(window), connectButton)
    connectSignals()

    if let directory { fill(directory) }
    fields.show(kind)
    if let message { say(message, isError: true) }
  }

  private func connectSignals() {
    for chooser in [kindChooser, fields.signInChooser] {
      Signals.connect(gobject(chooser), .notify("selected")) { [weak self] in
        guard let self else { return }
        self.fields.show(self.kind)
        self.say("", isError: false)
      }
    }
    Signals.connect(gobject(testButton), .clicked) { [weak self] in self?.run(connecting: false) }
    Signals.connect(gobject(connectButton), .clicked) { [weak self] in self?.run(connecting: true)
    }
    Signals.connect(gobject(sessionButton), .clicked) { [weak self] in self?.useForSession() }
    Signals.connect(gobject(fields.chooseButton), .clicked) { [weak self] in
      self?.chooseFile(for: .location)
    }
    for (field, button) in fields.chooseButtons {
      Signals.connect(gobject(button), .clicked) { [weak self] in self?.chooseFile(for: field) }
    }
    for entry in fields.entries.values {
      // Return in any field connects, as the default button would.
      Signals.connect(gobject(entry), .activate) { [weak self] in self?.run(connecting: true) }
    }
  }

  /// Shows the dialog.
  func present() { gtk_window_present(cgtk_window(window)) }

  /// Closes the dialog.
  func close() { gtk_window_destroy(cgtk_window(window)) }

  /// The chosen kind.
  var kind: DirectoryKind {
    get {
      let index = Int(gtk_drop_down_get_selected(gtkObject(kindChooser)))
      let kinds = DirectoryKinds.all
      return kinds[min(index, kinds.count - 1)]
    }
    set {
      let index = DirectoryKinds.all.firstIndex(of: newValue) ?? 0
      gtk_drop_down_set_selected(gtkObject(kindChooser), guint(index))
    }
  }

  /// The status line's text (the count, the error, or the keyring's state).
  var statusText: String { String(cString: gtk_label_get_text(gtkObject(status))) }

  private func fill(_ directory: RememberedDirectory) {
    kind = directory.kind
    fields.show(directory.kind)
    for field in ConnectFields.fieldOrder where field != .secret {
      fields.setText(field, directory.text(field))
    }
    fields.signIn = directory.signInID
    fields.keepsOfflineCopy = directory.keepsOfflineCopy
  }

  /// The directory the fields describe (keeping the edited one's id).
  private func directory() -> RememberedDirectory {
    let kind = kind
    var directory = RememberedDirectory(kind: kind, location: fields.text(.location))
    if let editing, editing.kind == kind { directory.id = editing.id }
    let signIn = fields.signIn
    directory.chooseSignIn(signIn)
    // The other rows shown (an LDAP base DN, filter, bind DN or
    // certificate and key), trimmed.
    for row in kind.fields(for: signIn) where row.field != .location && row.field != .secret {
      directory.set(row.field, to: fields.text(row.field).trimmed)
    }
    if kind.offersOfflineCopy, !fields.keepsOfflineCopy { directory.offlineCopy = false }
    return directory
  }

  /// Test Connection (`connecting` false) or Connect: validates, counts the
  /// people off the main thread, and on success remembers the directory.
  func run(connecting: Bool) {
    guard !isBusy else { return }
    let directory = directory()
    let typed = fields.text(.secret)
    let problems = directory.problems(secret: typed)
    fields.mark(problems)
    guard problems.isEmpty else {
      say(tr("Correct the marked fields"), isError: true)
      return
    }
    // A client key's passphrase only when one is typed: an unencrypted key
    // has none.
    let secret = directory.keepsSecret && !typed.isEmpty ? Secret(typed) : nil
    setBusy(true)
    say(connecting ? tr("Connecting…") : tr("Testing…"), isError: false)
    Task { @MainActor in
      // The server's root DSE completes what was left open (the base DN,
      // whether it is Active Directory), then the people are counted.
      let result: Result<(OpenedDirectory.Check, RememberedDirectory), DirectoryError>
      do throws(DirectoryError) {
        let (opened, found) = try await OpenedDirectory.discovered(directory, secret: secret)
        result = await opened.checked().map { ($0, found) }
      } catch {
        result = .failure(error)
      }
      switch result {
      case .failure(let error):
        setBusy(false)
        say(error.sentence, isError: true)
      case .success(let (check, found)):
        // What the server named (a base DN) is shown where it would be typed.
        for row in found.kind.fields where row.field != .location && row.field != .secret {
          if fields.text(row.field).trimmed.isEmpty, !found.text(row.field).isEmpty {
            fields.setText(row.field, found.text(row.field))
          }
        }
        await succeeded(found, secret: secret, check: check, connecting: connecting)
      }
    }
  }

  /// `check.opened` is what the check read (a users.json's contents),
  /// shown as it is when connecting.
  private func succeeded(
    _ directory: RememberedDirectory, secret: Secret?, check: OpenedDirectory.Check,
    connecting: Bool
  ) async {
    editing = directory
    let people = NumberText.people(check.count)
    let found =
      switch (check.server, check.identity) {
      case (let server?, let identity?):
        String(
          filling: tr("Connected to %1$@ as %2$@: %3$@"), DisplayText.of(server),
          DisplayText.of(identity), people)
      case (let server?, nil):
        String(filling: tr("Connected to %1$@: %2$@"), DisplayText.of(server), people)
      case (nil, let identity?):
        String(filling: tr("Connected as %1$@: %2$@"), DisplayText.of(identity), people)
      case (nil, nil):
        String(filling: tr("Connected: %@"), people)
      }
    do throws(SecretStore.Unavailable) {
      try await connections.remember(directory, secret: secret)
    } catch {
      setBusy(false)
      pending = secret.map { (directory, $0) }
      say(
        String(filling: tr("%1$@. %2$@. The secret can't be remembered."), found, "\(error)"),
        isError: true)
      Gtk.setVisible(sessionButton, true)
      return
    }
    setBusy(false)
    say(found, isError: false)
    guard connecting else { return }
    connections.show(directory, secret: secret, opened: check.opened)
    close()
  }

  /// No keyring: the secret is kept in memory for this session and the
  /// directory opens.
  private func useForSession() {
    guard let (directory, secret) = pending else { return }
    connections.useForSession(secret, for: directory.id)
    connections.show(directory, secret: secret)
    close()
  }

  /// Lets the person pick the file `field` names (a users.json, a client
  /// certificate or its key).
  private func chooseFile(for field: RememberedDirectory.Field) {
    let title =
      kind.fields.first { $0.field == field }?.chooserTitle ?? tr("Choose a Directory File")
    let chooser = gtk_file_chooser_native_new(
      title, cgtk_window(window), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"), tr("_Cancel"))!
    self.chooser = ObjectRef(chooser, adopt: true)
    Signals.connect(gobject(chooser), .response) { [weak self] response in
      let accepted = response == GTK_RESPONSE_ACCEPT.rawValue
      if accepted, let file = gtk_file_chooser_get_file(gtkObject(chooser)) {
        ObjectSlot.withAdopted(file) { file in
          guard let path = g_file_get_path(file) else { return }
          self?.fields.setText(field, String(cString: path))
          g_free(path)
        }
      }
      self?.chooser = nil
    }
    gtk_native_dialog_show(cgtk_native_dialog(gobject(chooser)))
  }

  private func setBusy(_ busy: Bool) {
    isBusy = busy
    for button in [testButton, connectButton] { gtk_widget_set_sensitive(button, busy ? 0 : 1) }
  }

  private func say(_ text: String, isError: Bool) {
    Gtk.setText(status, text)
    if isError {
      gtk_widget_add_css_class(status, "error")
    } else {
      gtk_widget_remove_css_class(status, "error")
    }
    if !isError || text.isEmpty { Gtk.setVisible(sessionButton, false) }
  }
}
