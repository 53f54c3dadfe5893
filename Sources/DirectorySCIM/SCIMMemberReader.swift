import Directory

/// Reads a searched or filtered view of a group whose people are listed
/// (``SCIMMembership/People/listed(_:)``) forward, in the group's order: a
/// few members' ids at a time, the server keeping those the view's filter
/// matches. The count grows as the list is read and is final at its end.
/// What was read is kept in a ``ForwardRangeCache`` (bounded: a range
/// before it reads from the start again).
///
/// Threading: an actor; concurrent ranges take turns, and members read
/// for a position already read (two ranges asked for it) are dropped.
actor SCIMMemberReader {
  private var cache: ForwardRangeCache
  /// The position in the group's list of the next member to read.
  private var nextMember = 0

  init(limit: Int) {
    cache = ForwardRangeCache(limit: limit)
  }

  /// The matching people at `range` once read (fewer at the end) among
  /// `members` listed; `read` fetches those of a range of the list that
  /// match, in its order, and reads at most `step` members at once.
  func rows(
    _ range: Range<Int>, members: Int, step: Int,
    read: (Range<Int>) async throws(DirectoryError) -> [DirectoryEntry]
  ) async throws(DirectoryError) -> RowRange {
    if cache.startsBefore(range.lowerBound) {
      cache.reset()
      nextMember = 0
    }
    while cache.needsMore(for: range) {
      let start = nextMember
      let end = min(start + step, members)
      let found = start < end ? try await read(start..<end) : []
      guard start == nextMember else { continue }
      nextMember = end
      cache.append(found, isFinal: end >= members)
    }
    return cache.rows(range)
  }

  /// The first person read so far whose username is `sortKey` (ignoring
  /// case), else the top: the group's order has no "at or after".
  func position(ofFirstAtOrAfter sortKey: String) -> RowRange {
    cache.position(ofFirstAtOrAfter: sortKey)
  }
}
