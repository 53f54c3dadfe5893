/// How a ``RangedListModel`` pages its source, with documented defaults.
///
/// Threading: a plain value; `Sendable`.
public struct RangedListConfiguration: Sendable, Equatable {
  /// Positions per page: each fetch asks for this many (100: a few screens
  /// of rows, one round trip to a directory server).
  public var pageSize: Int
  /// Pages kept in memory, least recently used out first (64). Pages of the
  /// visible rows are kept even past it.
  public var maxCachedPages: Int
  /// Fetches running at once (2): the visible rows' pages are never queued
  /// behind more than one other.
  public var maxFetchesInFlight: Int

  /// A configuration; every value must be at least 1.
  public init(pageSize: Int = 100, maxCachedPages: Int = 64, maxFetchesInFlight: Int = 2) {
    precondition(pageSize > 0 && maxCachedPages > 0 && maxFetchesInFlight > 0)
    self.pageSize = pageSize
    self.maxCachedPages = maxCachedPages
    self.maxFetchesInFlight = maxFetchesInFlight
  }
}
