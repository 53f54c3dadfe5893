import GtkKit
import RosterKit

/// The window's page as the benchmarks read it: the scroll, search and
/// refresh runs open a users.json (a ``LocalDirectoryPage``), the server
/// run a directory server (a ``ServerDirectoryPage``).
@MainActor
extension MainWindow {
  /// The page of a users.json; the bench's local runs never open another.
  var localPage: LocalDirectoryPage {
    guard let page = page as? LocalDirectoryPage else {
      preconditionFailure("a local run's window shows a directory server")
    }
    return page
  }

  /// A directory server's page, if the window shows one.
  var serverPage: ServerDirectoryPage? { page as? ServerDirectoryPage }

  /// What the last refresh of a users.json changed (nil for a server).
  var lastRefresh: RefreshSummary? { (page as? LocalDirectoryPage)?.lastRefresh }
}
