import GtkKit
import RosterKit

/// The window's page as the benchmarks read it: the one page of people, and
/// its reader by its kind, a directory loaded whole's (``LoadedReader``)
/// or a directory server's (``ServerReader``), and what the last refresh changed. Asking for a loaded
/// directory's reader in a server's window is the benchmark's mistake, and stops it.
@MainActor
extension MainWindow {
  /// The page of people.
  var peoplePage: PeoplePage {
    guard let page = page as? PeoplePage else { preconditionFailure("no page of people") }
    return page
  }

  /// The reader of a directory loaded whole.
  var localPage: LoadedReader {
    guard let reader = peoplePage.loadedReader else {
      preconditionFailure("the window shows a directory server")
    }
    return reader
  }

  /// A directory server's reader, if the window shows one.
  var serverPage: ServerReader? { peoplePage.serverReader }

  /// What the last refresh of a loaded directory changed (nil for a server).
  var lastRefresh: RefreshSummary? { peoplePage.loadedReader?.lastRefresh }
}
