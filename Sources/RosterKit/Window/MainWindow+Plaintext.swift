import Directory
import GtkKit

/// The "Not encrypted" banner: shown while the page reads a directory
/// server in clear text over the network (``plaintextCheck``), its button
/// opening the same servers again over StartTLS in this window.
extension MainWindow {
  /// Shows or hides the banner for the page now shown.
  func updatePlaintextBanner() {
    plaintextBanner.isShown = server.map(Self.plaintextCheck) ?? false
    plaintextBanner.onEncrypt = { [weak self] in self?.reopenWithStartTLS() }
  }

  /// Opens the page's LDAP servers again with StartTLS, in the page's place.
  func reopenWithStartTLS() {
    guard let server = server as? any EncryptableDirectory else { return }
    replacePage(
      with: PeoplePage(
        reader: ServerReader(directory: server.encrypted(), avatars: pageAvatars)))
    page.refresh()
  }

  /// The directory server the page reads, if it reads one.
  private var server: (any RangedDirectory)? {
    if case .server(let directory) = page.people.held { directory } else { nil }
  }
}
