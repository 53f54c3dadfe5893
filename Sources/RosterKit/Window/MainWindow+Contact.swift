import GtkKit

/// Contact, as the window's actions, the bench and the tests reach it
/// (``ContactController``).
extension MainWindow {
  /// What the last Ctrl+C put on the clipboard (the bench counts what was made).
  package var lastCopied: LazyContent? { contacts.lastCopied }

  /// The last link handed to the desktop to open (mailto:, tel:).
  package var lastOpenedURI: String? {
    get { contacts.lastOpenedURI }
    set { contacts.lastOpenedURI = newValue }
  }

  /// Opens `uri` (mailto:, tel:) in the desktop's app for it.
  func open(_ uri: String) { contacts.open(uri) }
}
