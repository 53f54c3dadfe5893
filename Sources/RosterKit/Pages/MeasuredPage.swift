/// What a headless run, the bench and the tests ask of a page beyond what
/// the window needs of it (``DirectoryPage``): whether rows are on screen
/// with their people, how many of them still wait for an avatar, whether
/// the list bound any; and the switch the bench turns text shaping ahead
/// off with. They ask through the window (MainWindow+Measurements.swift);
/// the counts of what the rows did are the window's ``RowProbe``'s.
/// ``PeoplePage`` is one, whatever its reader.
///
/// Threading: main-actor only.
@MainActor
package protocol MeasuredPage: AnyObject {
  /// Whether laid-out rows are on screen, with their people.
  var hasVisibleRows: Bool { get }
  /// Visible rows whose avatar (or whose person) is still on its way.
  var visibleRowsWaitingForAvatars: Int { get }
  /// Whether the list's rows were built and bound at least once.
  var hasBoundRows: Bool { get }
  /// Whether a search runs without waiting for an index to be built.
  var isSearchIndexBuilt: Bool { get }
  /// Whether the views shape the text of rows about to scroll in between
  /// frames (on by default; a benchmark measures without it).
  var shapesTextAhead: Bool { get set }
}
