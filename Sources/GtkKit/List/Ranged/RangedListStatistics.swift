/// What a ``RangedListModel`` did with its pages, for tests, the HUD and
/// benchmarks.
///
/// requested = started + droppedBeforeSending + pages still waiting;
/// started = arrived + failed + cancelled + fetches still running.
///
/// Threading: a plain value; `Sendable`.
public struct RangedListStatistics: Sendable, Equatable {
  /// Pages that became wanted (queued for a fetch).
  public var requested = 0
  /// Fetches begun.
  public var started = 0
  /// Queued pages that stopped being wanted before their fetch began.
  public var droppedBeforeSending = 0
  /// Fetches cancelled while running (no longer wanted, or a reset).
  public var cancelled = 0
  /// Pages that arrived and were kept.
  public var arrived = 0
  /// Pages that arrived after their fetch had been cancelled, thrown away.
  public var discardedLate = 0
  /// Pages fetched under an older generation (before a reset or refill),
  /// thrown away.
  public var discardedStale = 0
  /// Fetches that threw (or answered what the model refuses).
  public var failed = 0
  /// Pages the cache let go of to stay within its bound.
  public var evicted = 0

  /// Empty counters.
  public init() {}
}
