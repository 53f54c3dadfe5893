import Directory
import GtkKit

/// What a window opens on: what a kind opened (``OpenedDirectory``), or
/// the offline copy of a server's people. The window makes its one page
/// from it.
///
/// Threading: a value made and used on the main actor.
package enum WindowContent {
  /// A users.json not read yet, or why it cannot be read (shown as the
  /// window's error).
  case source(Result<DirectorySource, DirectoryError>)
  /// A users.json already read (the Connect dialog's check read it):
  /// ``MainWindow/refresh()`` shows it without reading the source again,
  /// and later refreshes read it as usual.
  case loaded(DirectoryContents)
  /// A directory server, read a range at a time; with `firstScreen`, the
  /// first rows of the last time show at once, marked as cached, until
  /// the server's first range replaces them in place.
  case server(any RangedDirectory, firstScreen: FirstScreenFile? = nil)
  /// A server whose people an offline copy keeps: the copy's page when the
  /// copy is complete and this window may use it, else the server's, which
  /// the copy's takes over from once it is (``OfflineCopyController``).
  case copy(OfflineCopy)

  /// The page that shows this content in `window`, its avatars from
  /// `avatars`.
  @MainActor
  func page(in window: Widget, avatars: PageAvatars) -> any DirectoryPage {
    switch self {
    case .source(let source):
      return PeoplePage(reader: LoadedReader(source: source, window: window, avatars: avatars))
    case .loaded(let contents):
      return PeoplePage(
        reader: LoadedReader(
          source: .success(contents.source), loaded: contents, window: window, avatars: avatars))
    case .server(let directory, let firstScreen):
      let reader = ServerReader(directory: directory, avatars: avatars)
      reader.firstScreenFile = firstScreen
      return PeoplePage(reader: reader)
    case .copy(let copy):
      // Held by another Roster window or process: the server, read directly.
      guard copy.isComplete, copy.claim() else {
        return PeoplePage(reader: ServerReader(directory: copy.directory, avatars: avatars))
      }
      let reader = LoadedReader(
        source: .success(.file(copy.folder)), window: window, avatars: avatars)
      let page = PeoplePage(reader: reader)
      reader.follow(copy)
      return page
    }
  }
}
