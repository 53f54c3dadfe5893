import CGtk
import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// Reaching people from a window: Ctrl+C puts the selected people on the
/// clipboard as text ("Name <email>") and as vCards, made only when an app
/// pastes them; a person's page sends an email, calls, or copies their
/// address or username; Send Email to the Selected (Ctrl+Shift+M) writes
/// one message to everyone selected who has an address, as a `mailto:`
/// URI, which holds about a hundred addresses
/// (``ContactLinks/maxMailtoLength``): beyond that a toast offers to copy
/// the addresses instead. Links open in the desktop's app for them through
/// GIO (the portal's OpenURI when sandboxed); a failure is said in a toast.
/// Created with the window, whose people it reaches.
///
/// Threading: main-actor only.
@MainActor
final class ContactController {
  /// The window whose people are reached.
  private unowned let window: MainWindow
  /// What the last Ctrl+C put on the clipboard (the bench counts what was made).
  private(set) var lastCopied: LazyContent?
  /// The people whose addresses one email could not hold, for the toast's Copy.
  private var addressesToCopy: ExportSource?
  /// The last link handed to the desktop to open (mailto:, tel:).
  var lastOpenedURI: String?
  /// The selected people put in a group or taken out, on a server that
  /// takes changes.
  let membership: MembershipController

  /// The contact of `window`'s people; hears its person page's buttons.
  init(window: MainWindow) {
    self.window = window
    membership = MembershipController(window: window)
    window.personPage.contact.onAction = { [weak self] action in self?.perform(action) }
  }

  /// Opens a link or copies a value, as a person's button says.
  func perform(_ action: ContactButtons.Action) {
    switch action {
    case .open(let uri): open(uri)
    case .copy(let text, let what):
      PeopleClipboard.set(text: text, on: window.window)
      window.showToast(String(filling: tr("%@ copied"), what))
    }
  }

  /// The context menu's Call, Copy Email and Copy Username: for the person
  /// whose page shows, else the one person selected.
  func contact(_ kind: ContactButtons.Kind) {
    let selection = window.page.views.selection
    let person =
      window.shownPersonPage?.person
      ?? (selection.count == 1
        ? selection.ranges.first.flatMap { window.page.people.person(at: $0) } : nil)
    guard let person, let action = ContactButtons.actions(for: person)[kind.rawValue] else {
      return
    }
    perform(action)
  }

  /// Ctrl+C: the people selected in the list, the grid or the table (or
  /// the person whose page shows) as text and as vCards, made only when an
  /// app pastes them: a million selected cost nothing until then.
  func copySelection() {
    if let person = window.shownPersonPage?.person { return copy(person) }
    let selection = window.page.views.selection
    guard window.page.views.viewMode != .tree, selection.count > 0,
      let source = window.page.people.exportSource
    else {
      return
    }
    let content = PeopleClipboard.content(of: source.only(selection.ranges.ranges))
    PeopleClipboard.set(content, on: window.window)
    lastCopied = content
    let count = selection.count
    let name =
      count == 1 ? selection.ranges.first.flatMap { window.page.people.person(at: $0) } : nil
    window.showToast(
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
    let base = window.page.people.exportSource?.avatarBase
    let entry = DirectoryEntry(
      id: person.identity, username: person.username, details: person.details, role: person.role)
    let avatar = person.avatar
    let content = PeopleClipboard.content(of: entry) {
      guard let base, !avatar.isEmpty else { return nil }
      return AvatarPhotos(base: base, limit: PersonExport(format: .vcard).photoLimit)
        .photo(of: avatar)
    }
    PeopleClipboard.set(content, on: window.window)
    lastCopied = content
    window.showToast(String(filling: tr("Copied %@"), DisplayText.of(person.displayName)))
  }

  /// Opens `uri` (mailto:, tel:) in the desktop's app for it.
  func open(_ uri: String) {
    lastOpenedURI = uri
    guard let context = gdk_display_get_app_launch_context(gtk_widget_get_display(window.window))
    else {
      return
    }
    let box = Unmanaged.passRetained(LaunchBox(window: window)).toOpaque()
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

  /// How many selected people are read to make the URI: more would not fit.
  static let emailReadLimit = 200

  /// Writes to the people selected (or to the person whose page shows).
  func emailSelection() {
    if let person = window.shownPersonPage?.person {
      guard let email = person.details.email, let uri = ContactLinks.mailto([email]) else {
        window.showToast(tr("No address to write to"))
        return
      }
      return open(uri)
    }
    let selection = window.page.views.selection
    guard window.page.views.viewMode != .tree, selection.count > 0,
      let shown = window.page.people.exportSource
    else {
      window.showToast(tr("Select the people to write to"))
      return
    }
    let source = shown.only(selection.ranges.ranges)
    let count = selection.count
    Task { @MainActor [weak self] in
      let people = try? await source.people(limit: Self.emailReadLimit)
      guard let self else { return }
      let addresses = Self.addresses(of: people?.map(\.entry) ?? [])
      if count <= Self.emailReadLimit, addresses.isEmpty {
        self.window.showToast(tr("No one selected has an email address"))
      } else if count <= Self.emailReadLimit, let uri = ContactLinks.mailto(addresses) {
        self.open(uri)
      } else {
        self.addressesToCopy = source
        self.window.showToast(
          String(
            filling: tr("%@ are too many for one email"), NumberText.people(count)),
          button: tr("Copy Addresses"), action: .copyAddresses)
      }
    }
  }

  /// The toast's Copy Addresses: every address of the people one email
  /// could not hold, a line each, read when pasted.
  func copyPendingAddresses() {
    guard let source = addressesToCopy else { return }
    addressesToCopy = nil
    let content = LazyContent(mimeTypes: ["text/plain;charset=utf-8", "text/plain"]) { _ in
      let people = try await source.people(limit: PeopleClipboard.limit)
      return Array(Self.addresses(of: people.map(\.entry)).joined(separator: "\n").utf8)
    }
    PeopleClipboard.set(content, on: window.window)
    lastCopied = content
    window.showToast(tr("Addresses copied"))
  }

  /// The valid addresses of `people`, in order, each once.
  nonisolated static func addresses(of people: [DirectoryEntry]) -> [String] {
    var seen = Set<String>()
    return people.compactMap { person in
      guard let email = person.details.email, ContactLinks.isAddress(email),
        seen.insert(email.lowercased()).inserted
      else { return nil }
      return email
    }
  }
}

/// What the launch's callback reaches: the window, if it is still there.
///
/// Threading: made and read on the main thread.
private final class LaunchBox: @unchecked Sendable {
  weak var window: MainWindow?
  init(window: MainWindow) { self.window = window }
}
