import Directory
import FoundationEssentials
import GtkKit
import SharedSupport

/// Send Email to the Selected (Ctrl+Shift+M, the main menu): one message
/// to everyone selected who has an address, opened in the desktop's mail
/// app as a `mailto:` URI. A URI holds about a hundred addresses
/// (``ContactLinks/maxMailtoLength``); beyond that a toast offers to copy
/// the addresses instead, for the message's To field.
extension MainWindow {
  /// How many selected people are read to make the URI: more would not fit.
  static let emailReadLimit = 200

  /// Writes to the people selected (or to the person whose page shows).
  func emailSelection() {
    if let person = shownPersonPage?.person {
      guard let email = person.details.email, let uri = ContactLinks.mailto([email]) else {
        showToast(tr("No address to write to"))
        return
      }
      return open(uri)
    }
    let selection = page.selection
    guard page.viewMode != .tree, selection.count > 0, let shown = page.exportSource else {
      showToast(tr("Select the people to write to"))
      return
    }
    let source = shown.only(selection.ranges.ranges)
    let count = selection.count
    Task { @MainActor [weak self] in
      let people = try? await source.people(limit: Self.emailReadLimit)
      guard let self else { return }
      let addresses = Self.addresses(of: people?.map(\.entry) ?? [])
      if count <= Self.emailReadLimit, addresses.isEmpty {
        self.showToast(tr("No one selected has an email address"))
      } else if count <= Self.emailReadLimit, let uri = ContactLinks.mailto(addresses) {
        self.open(uri)
      } else {
        self.addressesToCopy = source
        self.showToast(
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
    PeopleClipboard.set(content, on: window)
    lastCopied = content
    showToast(tr("Addresses copied"))
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
