@testable import RosterKit

/// The window's page by its kind, for the tests: a users.json's
/// (``LocalDirectoryPage``) or a directory server's (``ServerDirectoryPage``).
/// Asking for a users.json's page in a server's window is the caller's
/// mistake, and stops it.
@MainActor
extension MainWindow {
  /// The page of a users.json.
  var localPage: LocalDirectoryPage {
    guard let page = page as? LocalDirectoryPage else {
      preconditionFailure("the window shows a directory server")
    }
    return page
  }

  /// A directory server's page, if the window shows one.
  var serverPage: ServerDirectoryPage? { page as? ServerDirectoryPage }
}
