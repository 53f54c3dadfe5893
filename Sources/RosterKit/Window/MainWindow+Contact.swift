import CGtk
import Directory
import Foundation
import GtkKit
import SharedSupport

/// Reaching people from the window: Ctrl+C puts the selected person on the
/// clipboard as text ("Name <email>") and as a vCard; a person's page
/// sends an email, calls, or copies their address or username. Links open
/// in the desktop's app for them through GIO (the portal's OpenURI when
/// sandboxed); a failure is said in a toast.
extension MainWindow {
  func connectContact() {
    personPage.contact.onAction = { [weak self] action in
      guard let self else { return }
      switch action {
      case .open(let uri): self.open(uri)
      case .copy(let text, let what):
        PeopleClipboard.set(text: text, on: self.window)
        self.showToast(String(format: tr("%@ copied"), what))
      }
    }
  }

  /// Ctrl+C: the selected person (of the list, or the page shown) as text
  /// and as a vCard, their photo inline when it is a users.json's file.
  func copySelection() {
    let shown =
      shownPersonPage?.person ?? page.selectedPosition.flatMap { page.person(at: $0) }
    guard let person = shown else { return }
    let base: URL? =
      if case .table(_, _, let base)? = page.exportSource { base } else { nil }
    let entry = DirectoryEntry(
      id: person.identity, username: person.username, details: person.details, role: person.role)
    let avatar = person.avatar
    let render = Task.detached(priority: .userInitiated) {
      let photos = base.map {
        AvatarPhotos(base: $0, limit: PersonExport(format: .vcard).photoLimit)
      }
      let cards = PeopleClipboard.vCards(of: [entry]) { _ in
        avatar.isEmpty ? nil : photos?.photo(of: avatar)
      }
      return (PeopleClipboard.text(of: [entry]), cards)
    }
    Task { @MainActor [weak self] in
      let (text, cards) = await render.value
      guard let self else { return }
      PeopleClipboard.set(text: text, vCards: cards, on: self.window)
      self.showToast(String(format: tr("Copied %@"), DisplayText.of(person.displayName)))
    }
  }

  /// Opens `uri` (mailto:, tel:) in the desktop's app for it.
  func open(_ uri: String) {
    guard let context = gdk_display_get_app_launch_context(gtk_widget_get_display(window)) else {
      return
    }
    let box = Unmanaged.passRetained(LaunchBox(window: self)).toOpaque()
    ObjectSlot.withAdopted(context) { context in
      launch(uri, context: cgtk_app_launch_context(UnsafeMutableRawPointer(context)), box: box)
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
            String(format: tr("Can't open it: %@"), message ?? tr("no app for it")))
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
