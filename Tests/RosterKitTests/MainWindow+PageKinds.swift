@testable import RosterKit

/// The window's page as the tests read it: the one page of people, and
/// its reader by its kind, a directory loaded whole's (``LoadedReader``)
/// or a directory server's (``ServerReader``). Asking for a loaded
/// directory's reader in a server's window is the caller's mistake, and stops it.
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
}
