import Directory
import GtkKit

/// What the window shows of a directory, under its header bar, search bar
/// and banner: the people, how they are loaded, searched and refreshed, and
/// the selection. ``MainWindow`` is the
/// chrome around one page and never asks what kind it is: a local or
/// downloaded users.json is a ``LocalDirectoryPage``, a directory server a
/// ``ServerDirectoryPage``. A new way of showing people (another view
/// mode, filters, a selection of many) is added to the pages.
///
/// A page tells the window what happened through ``onNotice``.
///
/// Threading: main-actor only.
@MainActor
package protocol DirectoryPage: AnyObject {
  /// The page's widget, under the search bar and the banner.
  var widget: Widget { get }
  /// Where the page tells the window what happened (the window sets it).
  var onNotice: (@MainActor (PageNotice) -> Void)? { get set }
  /// Called when the window goes away (or another page takes this one's
  /// place): nothing may reach its widgets after, and ``onNotice`` is not
  /// called again.
  func close()

  // MARK: Loading, search and refresh

  /// The people the page holds now (a server's count for a server's list).
  var count: Int { get }
  /// Whether a load, or a server's open, search or refresh, is running.
  var isLoading: Bool { get }
  /// Loads the directory again (the first time, opens it); returns whether
  /// a new load started.
  @discardableResult func refresh() -> Bool
  /// Shows the people matching `text` ("" shows everyone).
  func search(_ text: String)
  /// Whether the whole result for `text` ("": everyone) is shown.
  func showsSearchResult(for text: String) -> Bool
  /// Whether a search runs without waiting for an index to be built.
  var isSearchIndexBuilt: Bool { get }

  // MARK: Filters

  /// Shows only the people `filter` matches among the search's matches
  /// (nil: no filter), in the page's order; the subtitle counts them
  /// ("312 of 1,000,000 people"). A local page runs it over its table, a
  /// server's page has the server run it.
  func showOnly(_ filter: PersonFilter?)
  /// Shows only the people of group `number` of the groups the page told
  /// of (``PageNotice/groups(_:everyone:)``), nil for everyone.
  func showGroup(_ number: Int?)
  /// Shows only the people of the group whose identity is `id` (a link on
  /// a person's page), named `name` in the subtitle.
  func showGroup(id: String, name: String)
  /// Shows only the direct reports of the person `identity` (named `name`
  /// in the subtitle).
  func showReports(of identity: String, name: String)

  // MARK: Views and selection

  /// The ways the page can show people (the first is the default).
  var viewModes: [ViewMode] { get }
  /// How the page shows people now; one of ``viewModes``.
  var viewMode: ViewMode { get set }
  /// The position selected in the view on screen, if any.
  var selectedPosition: Int? { get }
  /// Selects `position` alone (nil clears the selection).
  func select(_ position: Int?)
  /// The people selected in the list, the grid or the table, by position.
  var selection: RangeSelection { get }
  /// The menus of the page's views of people (the list first).
  var contextMenus: [PeopleContextMenu] { get }
  /// The person at `position`, if the page has them.
  func person(at position: Int) -> UserViewModel?
  /// Every attribute of the entry `identity`, read off the main thread, or
  /// nil when the directory has no more to say than the row.
  func attributes(of identity: String) async -> [DirectoryAttribute]?
  /// What the person page shows of the person at `position` (their
  /// managers, reports and groups where the page knows them), gathered off
  /// the main thread; nil when nobody is there.
  func facts(at position: Int) async -> PersonFacts?
  /// What the person page shows of the person `identity` (a link on a
  /// person's page); nil when the page cannot find them.
  func facts(ofIdentity identity: String) async -> PersonFacts?
  /// Selects the person `identity` and scrolls the view on screen to
  /// `scroll` (pixels) once the people being shown now are in place: Back
  /// returning to a view.
  func restore(selected identity: String?, scroll: Double)
  /// The people shown now, in their order, for an export (nil before
  /// the directory opened).
  var exportSource: ExportSource? { get }
  /// Shows the org tree opened down to the person `identity`, selected
  /// (a page without the tree does nothing).
  func revealInTree(_ identity: String)
  /// The view on screen: the one that scrolls.
  var shownView: Widget { get }
  /// The drag-to-scroll of ``shownView``.
  var shownDragScroller: DragScroller { get }
  /// The fastest a released drag flings any of the page's views.
  func setMaxFlingVelocity(_ velocity: Double)

  // MARK: The table's settings

  /// The name the table's columns, widths and order are remembered under
  /// in the preferences (nil: not remembered).
  var tableSettingsKey: String? { get }
  /// The table's columns, widths and order, to remember.
  var tableSettings: TableSettings { get }
  /// Shows the table as `settings` left it; what it cannot read is left as it is.
  func restore(_ settings: TableSettings)
}

/// How a page shows its people.
///
/// Threading: a plain value; `Sendable`.
package enum ViewMode: Sendable, Equatable {
  /// One person a row.
  case list
  /// Cells with larger avatars, as many a row as the width holds.
  case grid
  /// One person a row, their fields in columns under a header that sorts.
  case table
  /// The organisation: managers opening to their reports.
  case tree

  /// The mode's name (the page's stack child, the command line's `--view`).
  package var name: String {
    switch self {
    case .list: "list"
    case .grid: "grid"
    case .table: "table"
    case .tree: "tree"
    }
  }
}

extension DirectoryPage {
  /// Tells the window how many people are selected in the view that shows
  /// (none in the org tree, whose lines are not the list's), when that changed.
  func tellSelection() {
    onNotice?(.selected(viewMode == .tree ? 0 : selection.count))
  }

  /// Opens the menu of the selected people in the view on screen (the
  /// Menu key, Shift+F10); the org tree has none.
  func showContextMenu() {
    guard viewMode != .tree, let index = viewModes.firstIndex(of: viewMode),
      index < contextMenus.count
    else { return }
    contextMenus[index].popUpAtSelection()
  }
}
