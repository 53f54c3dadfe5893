import CGtk
import Directory
import GtkKit

/// What tests, the bench and headless runs ask the window of its page:
/// whether rows are on screen, whether their avatars arrived, how many
/// rows are alive (``MeasuredPage``; what the rows counted is ``probe``'s).
extension MainWindow {
  /// The page, as headless runs, the bench and the tests measure it (both
  /// kinds of page are measured pages).
  var measured: (any MeasuredPage)? { page as? any MeasuredPage }

  /// Whether laid-out rows are on screen (binding comes before layout).
  public var hasVisibleRows: Bool { measured?.hasVisibleRows ?? false }

  /// Visible rows whose avatar is still on its way.
  public var visibleRowsWaitingForAvatars: Int { measured?.visibleRowsWaitingForAvatars ?? 0 }

  /// The list's rows were built and bound at least once.
  public var hasBoundRows: Bool { measured?.hasBoundRows ?? false }

  /// Row widgets alive in the window's lists: built by their factory's
  /// setup and not yet torn down.
  package var liveRows: Int { probe.rows.live }

  /// Searches the sidebar's groups for `text`, as typing it there does.
  package func searchSidebarGroups(_ text: String) { sidebar.search(typing: text) }

  /// Whether the sidebar shows a line of the group named `name` now.
  package func sidebarShowsGroup(named name: String) -> Bool { sidebar.line(named: name) != nil }

  /// Chooses the group named `name` as a click on its line does; false
  /// when the sidebar does not show it now.
  @discardableResult
  package func chooseSidebarGroup(named name: String) -> Bool { sidebar.select(named: name) }

  /// The people the page holds (a server's count for a server's list).
  package var itemCount: Int { page.people.count }

  /// Whether the page shapes the text of rows about to scroll in between
  /// frames (on by default; a benchmark measures without it).
  package var shapesTextAhead: Bool {
    get { measured?.shapesTextAhead ?? true }
    set { measured?.shapesTextAhead = newValue }
  }
}
