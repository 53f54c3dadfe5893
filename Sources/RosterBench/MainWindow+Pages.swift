import GtkKit
import RosterKit

/// What the benchmarks read of the window's page beyond its kind
/// (`localPage`, `serverPage`).
@MainActor
extension MainWindow {
  /// What the last refresh of a users.json changed (nil for a server).
  var lastRefresh: RefreshSummary? { (page as? LocalDirectoryPage)?.lastRefresh }
}
