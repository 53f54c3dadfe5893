/// What a reader that can only go forward (a server without a sorted,
/// addressable list: LDAP Paged Results, an unsorted SCIM service) has read
/// so far: rows in the server's order, the count growing page by page until
/// the last (`isFinal`). The reader asks ``needsMore(for:)`` and
/// ``append(_:isFinal:)``s pages until a range can be answered.
///
/// Memory is bounded: at most `limit` entries stay (the latest read); a
/// range before them must start the reading again (``startsBefore(_:)``,
/// ``reset()``).
///
/// Threading: a plain value; its owner keeps it on one queue or actor.
public struct ForwardRangeCache: Sendable {
  private let limit: Int
  private var cached: [DirectoryEntry] = []
  /// The position of `cached.first`.
  private var firstCached = 0
  /// Whether the last page was read: the count is final.
  public private(set) var isFinal = false

  /// An empty cache keeping at most `limit` entries (at least one).
  public init(limit: Int) {
    self.limit = max(limit, 1)
  }

  /// How many entries were read (the next page's position).
  public var readCount: Int { firstCached + cached.count }

  /// Whether `position` was read and dropped since: answering it needs the
  /// reading to start over.
  public func startsBefore(_ position: Int) -> Bool { position < firstCached }

  /// Whether answering `range` in full needs another page.
  public func needsMore(for range: Range<Int>) -> Bool { !isFinal && readCount < range.upperBound }

  /// Forgets everything: the next page read is the first.
  public mutating func reset() {
    cached = []
    firstCached = 0
    isFinal = false
  }

  /// Adds the next page's entries; `isFinal` when it was the last.
  public mutating func append(_ entries: [DirectoryEntry], isFinal: Bool) {
    cached += entries
    self.isFinal = isFinal
    if cached.count > limit {
      let dropped = cached.count - limit
      cached.removeFirst(dropped)
      firstCached += dropped
    }
  }

  /// The entries of `range` that were read and are kept (fewer at the end),
  /// with the count so far.
  public func rows(_ range: Range<Int>) -> RowRange {
    let lower = min(max(range.lowerBound, firstCached), readCount)
    let upper = max(min(range.upperBound, readCount), lower)
    return RowRange(
      offset: lower, entries: Array(cached[(lower - firstCached)..<(upper - firstCached)]),
      count: readCount, isCountFinal: isFinal)
  }

  /// Without a server-side order there is no "at or after": the first entry
  /// kept whose username is `sortKey` (ignoring case), else the first kept.
  public func position(ofFirstAtOrAfter sortKey: String) -> RowRange {
    let key = sortKey.lowercased()
    let index = cached.firstIndex { $0.username.lowercased() == key } ?? 0
    return RowRange(
      offset: firstCached + index, entries: Array(cached[index..<min(index + 1, cached.count)]),
      count: readCount, isCountFinal: isFinal)
  }
}
