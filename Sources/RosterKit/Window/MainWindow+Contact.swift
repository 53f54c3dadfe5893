import CGtk
import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// Reaching people from the window: Ctrl+C puts the selected people on
/// the clipboard as text ("Name <email>") and as vCards; a person's page
/// sends an email, calls, or copies their address or username. Links open
/// in the desktop's app for them through GIO (the portal's OpenURI when
/// sandboxed); a failure is said in a toast.
extension MainWindow {
  func connectContact() {
    personPage.contact.onAction = { [weak self] action in self?.perform(action) }
  }

  /// Opens a link or copies a value, as a person's button says.
  private func perform(_ action: ContactButtons.Action) {
    switch action {
    case .open(let uri): open(uri)
    case .copy(let text, let what):
      PeopleClipboard.set(text: text, on: window)
      showToast(String(filling: tr("%@ copied"), what))
    }
  }

  /// The context menu's Call, Copy Email and Copy Username: for the person
  /// whose page shows, else the one person selected.
  func contact(_ kind: ContactButtons.Kind) {
    let selection = page.selection
    let person =
      shownPersonPage?.person
      ?? (selection.count == 1 ? selection.ranges.first.flatMap { page.person(at: $0) } : nil)
    guard let person, let action = ContactButtons.actions(for: person)[kind.rawValue] else {
      return
    }
    perform(action)
  }

  /// Ctrl+C: the people selected in the list, the grid or the table (or
  /// the person whose page shows) as text and as vCards, made only when an
  /// app pastes them: a million selected cost nothing until then.
  func copySelection() {
    if let person = shownPersonPage?.person { return copy(person) }
    let selection = page.selection
    guard page.viewMode != .tree, selection.count > 0, let source = page.exportSource else {
      return
    }
    let content = PeopleClipboard.content(of: source.only(selection.ranges.ranges))
    PeopleClipboard.set(content, on: window)
    lastCopied = content
    let count = selection.count
    let name = count == 1 ? selection.ranges.first.flatMap { page.person(at: $0) } : nil
    showToast(
      count > PeopleClipboard.limit
        ? String(
          filling: tr("Copied the first %1$@ of %2$@ people; Export writes them all"),
          NumberText.grouped(PeopleClipboard.limit), NumberText.grouped(count))
        : String(
          filling: tr("Copied %@"),
          name.map { DisplayText.of($0.displayName) } ?? NumberText.people(count)))
  }

  /// Copies the person a page shows, their photo inline when it is a
  /// users.json's file.
  private func copy(_ person: UserViewModel) {
    let base = page.exportSource?.avatarBase
    let entry = DirectoryEntry(
      id: person.identity, username: person.username, details: person.details, role: person.role)
    let avatar = person.avatar
    let content = PeopleClipboard.content(of: entry) {
      guard let base, !avatar.isEmpty else { return nil }
      return AvatarPhotos(base: base, limit: PersonExport(format: .vcard).photoLimit)
        .photo(of: avatar)
    }
    PeopleClipboard.set(content, on: window)
    lastCopied = content
    showToast(String(filling: tr("Copied %@"), DisplayText.of(person.displayName)))
  }

  /// Opens `uri` (mailto:, tel:) in the desktop's app for it.
  func open(_ uri: String) {
    lastOpenedURI = uri
    guard let context = gdk_display_get_app_launch_context(gtk_widget_get_display(window)) else {
      return
    }
    let box = Unmanaged.passRetained(LaunchBox(window: self)).toOpaque()
    ObjectSlot.withAdopted(context) { context in
      let context = cgtk_app_launch_context(UnsafeMutableRawPointer(context))
      // The launched app gets none of the secrets even if one came back
      // into the environment (EnvironmentSecrets took them at start).
      for name in EnvironmentSecrets.names { g_app_launch_context_unsetenv(context, name) }
      launch(uri, context: context, box: box)
    }
  }

  /// Starts opening `uri` with `context`; `box` reaches the callback.
  private func launch(
    _ uri: String, context: UnsafeMutablePointer<GAppLaunchContext>?, box: UnsafeMutableRawPointer
  ) {
    g_app_info_launch_default_for_uri_async(
      uri, context, nil,
      { _, result, data in
        guard let data else { return }
        let box = Unmanaged<LaunchBox>.fromOpaque(data).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let launched = g_app_info_launch_default_for_uri_finish(result, &error) != 0
        let message = error.map { String(cString: $0.pointee.message) }
        if let error { g_error_free(error) }
        MainActor.assumeIsolated {
          guard !launched, let window = box.window else { return }
          window.showToast(
            String(filling: tr("Can't open it: %@"), message ?? tr("no app for it")))
        }
      }, box)
  }
}

/// What the launch's callback reaches: the window, if it is still there.
///
/// Threading: made and read on the main thread.
private final class LaunchBox: @unchecked Sendable {
  weak var window: MainWindow?
  init(window: MainWindow) { self.window = window }
}
