import Directory
import GtkKit

/// What the window shows of a directory, under its header bar, search bar
/// and banner: the people, how they are loaded, searched, narrowed and
/// refreshed, the views they show in (``PeopleViews``) and what the
/// window's features read of them (``ShownPeople``). ``MainWindow`` is the
/// chrome around one page and never asks what it reads: every source shows
/// in a ``PeoplePage``, whose ``PeopleReader`` reads a users.json, a CSV or
/// vCard file or an offline copy (``LoadedReader``) or a directory server
/// (``ServerReader``). What tests, the bench and a headless run measure of
/// a page is ``MeasuredPage``'s.
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

  /// Whether a load, or a server's open, search or refresh, is running.
  var isLoading: Bool { get }
  /// Loads the directory again (the first time, opens it); returns whether
  /// a new load started.
  @discardableResult func refresh() -> Bool
  /// Shows the people matching `text` ("" shows everyone).
  func search(_ text: String)
  /// Whether the whole result for `text` ("": everyone) is shown.
  func showsSearchResult(for text: String) -> Bool
  /// Narrows the people shown (``Narrowing``), in the page's order: a
  /// local page over its table, a server's page by asking the server.
  func narrow(_ narrowing: Narrowing)

  /// The people shown, as the window's features read them.
  var people: any ShownPeople { get }
  /// The views the people show in.
  var views: any PeopleViews { get }

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
    onNotice?(.selected(views.viewMode == .tree ? 0 : views.selection.count))
  }
}
