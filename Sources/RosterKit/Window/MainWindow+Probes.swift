import CGtk
import Directory
import GtkKit

/// What tests, the bench and headless runs ask the window of its page:
/// whether rows are on screen, whether their avatars arrived, how many.
extension MainWindow {
  /// Whether laid-out rows are on screen (binding comes before layout).
  public var hasVisibleRows: Bool { page.hasVisibleRows }

  /// Visible rows whose avatar is still on its way.
  public var visibleRowsWaitingForAvatars: Int { page.visibleRowsWaitingForAvatars }

  /// The list's rows were built and bound at least once.
  public var hasBoundRows: Bool { page.hasBoundRows }

  /// Row widgets alive in the page's views: built by their factory's setup
  /// and not yet torn down.
  package var liveRows: Int { page.liveRows }

  /// The groups the sidebar lists (numbered as ``showGroup(_:)`` takes them).
  package var sidebarGroups: DirectoryGroups { sidebar.groups }

  /// The people the page holds (a server's count for a server's list).
  package var itemCount: Int { page.count }

  /// Whether the page shapes the text of rows about to scroll in between
  /// frames (on by default; a benchmark measures without it).
  package var shapesTextAhead: Bool {
    get { page.shapesTextAhead }
    set { page.shapesTextAhead = newValue }
  }
}
