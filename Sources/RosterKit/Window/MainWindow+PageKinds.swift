/// The window's page by its kind, for the bench and the tests: a users.json's
/// (``LocalDirectoryPage``) or a directory server's (``ServerDirectoryPage``).
/// Asking for a users.json's page in a server's window is the caller's
/// mistake, and stops it.
@MainActor
extension MainWindow {
  /// The page of a users.json.
  package var localPage: LocalDirectoryPage {
    guard let page = page as? LocalDirectoryPage else {
      preconditionFailure("the window shows a directory server")
    }
    return page
  }

  /// A directory server's page, if the window shows one.
  package var serverPage: ServerDirectoryPage? { page as? ServerDirectoryPage }
}
