import CGtk
import Directory
import GtkKit
import SharedSupport

/// The unique Roster's side of the shell's search: the provider exported on
/// the session bus, what it searches (the remembered directory shown last,
/// with what the window holds of it), and a person it activates opened in
/// the window — this one's, or a new one on that directory.
extension RosterApplication {
  /// Exports the search provider on the session bus (the connection
  /// GApplication takes the name on: GLib shares one per process).
  func exportSearchProvider() {
    var error: UnsafeMutablePointer<GError>?
    guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
      if let error {
        let reason = String(cString: error.pointee.message)
        print(String(filling: tr("Roster could not offer its search on D-Bus: %@"), reason))
        g_error_free(error)
      }
      return
    }
    ObjectSlot.withAdopted(connection) { connection in
      searchProvider = SearchProvider(
        connection: connection,
        host: SearchProvider.Host(
          isOn: { [weak self] in self?.preferences.searchFromOverview ?? false },
          target: { [weak self] in self?.searchTarget },
          activate: { [weak self] id in self?.showPerson(id) },
          launchSearch: { [weak self] text in self?.launchSearch(text) },
          hold: { [weak self] holding in self?.hold(holding) }))
    }
  }

  /// The directory the shell's search looks in, nil when none is remembered.
  var searchTarget: SearchTarget? {
    guard let last = connections.last else { return nil }
    let held = connections.currentID == last.id ? window?.page.people.held : nil
    let keyring = connections.keyring
    let id = last.id
    var (loaded, server): (DirectoryContents?, (any RangedDirectory)?) = (nil, nil)
    switch held {
    case .loaded(let contents)?: loaded = contents
    case .server(let directory)?: server = directory
    case .nothing?, nil: break
    }
    return SearchTarget(
      directory: last, loaded: loaded, server: server,
      secret: { (try? await keyring.lookup(id)) ?? nil })
  }

  /// Opens the person of the shell's result `id`: in this window when it
  /// shows their directory, else in a window opened on it.
  func showPerson(_ id: SearchResultID) {
    guard connections.remembered.contains(where: { $0.id == id.directory }) else { return }
    personToShow = id
    guard let window else {
      // No window yet (started by D-Bus for the search): the window opens
      // on the directory shown last, which the results came from.
      g_application_activate(cgtk_gapplication(application))
      return
    }
    if connections.currentID == id.directory {
      window.present()
      showPendingPerson()
    } else {
      connections.open(id.directory)
    }
  }

  /// Shows the person the shell asked for, once their directory is in the
  /// window (a users.json loaded; a server opened).
  func showPendingPerson() {
    guard let id = personToShow, let window, connections.currentID == id.directory else { return }
    // A users.json not loaded yet shows them once it is.
    if case .nothing = window.page.people.held { return }
    personToShow = nil
    window.openPerson(identity: id.identity)
  }

  /// Opens the window with `text` in its search (the shell's "more results").
  func launchSearch(_ text: String) {
    guard let window else {
      searchToShow = text
      g_application_activate(cgtk_gapplication(application))
      return
    }
    window.present()
    window.setSearchText(text)
  }

  /// `app.show-person` (a result's id): how another process — a launcher,
  /// `gapplication action` — opens a person in the running Roster.
  func addShowPersonAction() {
    let type = g_variant_type_new("s")
    defer { g_variant_type_free(type) }
    ObjectSlot.withAdopted(g_simple_action_new("show-person", type)!) { action in
      Signals.connect(gobject(action), .actionActivate) { [weak self] parameter in
        guard let parameter, let id = SearchResultID(DBusValues.string(parameter)) else { return }
        self?.showPerson(id)
      }
      g_action_map_add_action(gtkObject(application), action)
    }
  }

  private func hold(_ holding: Bool) {
    if holding {
      g_application_hold(cgtk_gapplication(application))
    } else {
      g_application_release(cgtk_gapplication(application))
    }
  }
}
