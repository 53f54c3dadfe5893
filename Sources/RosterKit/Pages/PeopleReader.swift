import Directory
import GtkKit

/// Where a ``PeoplePage``'s people come from, and how they are loaded,
/// searched, narrowed and ordered: a directory loaded whole (a users.json,
/// a CSV or vCard file, an offline copy: ``LoadedReader``, whose rows are
/// all at hand) or a server read a range of rows at a time
/// (``ServerReader``). The reader makes the page's views over its own
/// model (``PeopleViewSet``); the page shows them, switches between them
/// and tells the window what happened. What the reader gives beyond the
/// list and the table — a grid, an org tree, groups, a server's refusals
/// of an order — is a capability the views or the directory carry, not a
/// kind of page.
///
/// Threading: main-actor only.
@MainActor
protocol PeopleReader: ShownPeople, NarrowingEach {
  /// The page that shows the people (the page sets it; held weakly).
  var page: PeoplePage? { get set }
  /// The views over the reader's model.
  var views: PeopleViewSet { get }
  /// Whether a load, or a server's open, search or refresh, is running.
  var isLoading: Bool { get }
  /// Loads the people again (the first time, opens the directory).
  func refresh() -> Bool
  /// Shows the people matching `text` ("" shows everyone).
  func search(_ text: String)
  /// Whether the whole result for `text` is shown.
  func showsSearchResult(for text: String) -> Bool
  /// Whether a search runs without waiting for an index to be built.
  var isSearchIndexBuilt: Bool { get }
  /// The name the table's columns are remembered under (nil: not remembered).
  var tableSettingsKey: String? { get }
  /// ``PeopleViews/restore(selected:scroll:)``.
  func restore(selected identity: String?, scroll: Double)
  /// ``PeopleViews/revealInTree(_:)``.
  func revealInTree(_ identity: String)
  /// `mode` is about to show (the stack has not switched yet).
  func willShow(_ mode: ViewMode)
  /// The list, the grid or the table shows now; `anchor` is the person to
  /// keep in view (the selected one, or the one that was at the top).
  func shows(_ mode: ViewMode, keeping anchor: Int)
  /// Tells the window the subtitle of the view that shows (the org tree
  /// counts everyone).
  func showSubtitle()
  /// The window listens again (a page taking another's place): tells it
  /// what shows, if anything does yet.
  func resumeNotices()
  /// The page goes away: nothing still running may reach its views.
  func close()
}

extension PeopleReader {
  /// Tells the page's window `notice`.
  func tell(_ notice: PageNotice) { page?.onNotice?(notice) }

  /// How the page shows the people now.
  var viewMode: ViewMode { page?.viewMode ?? .list }

  /// The view on screen: the one that scrolls.
  var shownView: Widget { page?.shownView ?? views.list.listView }

  /// Which rows of the view that shows are on screen.
  var shownViewport: ViewportTracker { page?.shownViewport ?? views.list.viewport }

  /// The people selected, shared by the views.
  package var selection: RangeSelection { views.selection }

  /// The order the people show in.
  package var order: PeopleOrder { views.order }

  /// List mode.
  var list: PeopleList { views.list }

  /// Table mode.
  var table: TablePage { views.table }

  /// The list view.
  package var listView: Widget { views.list.listView }

  /// The list's row factory (its statistics show binds and recycled rows).
  package var factory: ListFactory<UserRow> { views.list.factory }

  /// Which list rows are on screen.
  package var viewport: ViewportTracker { views.list.viewport }

  /// The position selected, if any: the focused one of a selection of many.
  package var selectedPosition: Int? { page?.selectedPosition }

  /// Selects `position` alone (nil clears the selection).
  package func select(_ position: Int?) { selection.select(position) }

  /// Tells the window how many people are selected, when that changed.
  func tellSelection() { page?.tellSelection() }

  /// Watches for the people's first rows on screen (told once).
  func watchFirstRows() { page?.watchFirstRows() }
}
