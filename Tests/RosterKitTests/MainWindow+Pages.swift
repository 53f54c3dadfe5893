import Directory
import GtkKit

@testable import RosterKit

/// The window's page as the tests reach it: a users.json's parts (its
/// model, list, grid, presenter, what it loaded and searched) and a
/// directory server's page. Reaching a users.json's parts in a server's
/// window is a test's mistake, and stops it.
@MainActor
extension MainWindow {
  /// The page of a users.json.
  var local: LoadedReader { localPage }

  /// Opens the page of the person at `position` and waits for it (nil when
  /// it did not show within ten seconds).
  func openPersonPage(at position: Int) -> PersonPage? {
    openPerson(at: position)
    MainContext.run(until: { self.shownPersonPage != nil }, timeout: .seconds(10))
    return shownPersonPage
  }

  /// A directory server's page, if the window shows one.
  var server: ServerReader? { serverPage }

  /// The people, as GTK sees them.
  var model: ListModel<UserRef> { local.model }
  /// List mode.
  var list: PeopleList { local.list }
  /// Grid mode.
  var grid: GridPage { local.grid }
  var presenter: ModelPresenter { local.presenter }
  /// The list view.
  var listView: Widget { local.listView }
  /// The list's row factory.
  var factory: ListFactory<UserRow> { local.factory }
  /// Which list rows are on screen.
  var viewport: ViewportTracker { local.viewport }
  /// The list's drag-to-scroll.
  var dragScroller: DragScroller? { local.list.dragScroller }
  /// The last directory shown.
  var contents: DirectoryContents? { local.contents }
  /// The last search result shown, if the list is filtered.
  var searchMatches: Int? { local.searchMatches }
  /// The query whose result is shown, nil when the list is not filtered.
  var shownQuery: String? { local.shownQuery }
  /// What the last refresh changed.
  var lastRefresh: RefreshSummary? { local.lastRefresh }

  /// Shows `contents` as a load does.
  func display(_ contents: DirectoryContents, resolved: ResolvedAvatars? = nil) {
    local.display(contents, resolved: resolved)
  }
}

@MainActor
extension MainWindow {
  /// Table mode.
  var table: TablePage { local.table }
}
