import GtkKit
import RosterKit

/// The window's page as the benchmarks read it: by its kind, a users.json's
/// (``LocalDirectoryPage``) or a directory server's (``ServerDirectoryPage``),
/// and what the last refresh changed. Asking for a users.json's page in a
/// server's window is the benchmark's mistake, and stops it.
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

  /// What the last refresh of a users.json changed (nil for a server).
  var lastRefresh: RefreshSummary? { (page as? LocalDirectoryPage)?.lastRefresh }
}
