import Directory

/// Reads a server that cannot sort forward, page by page in its own order
/// (an offset into an unsorted list is not stable between requests): the
/// count grows as pages come and is final at the last one. A range ahead
/// of what was read waits for the pages before it. What was read is kept in
/// a ``ForwardRangeCache`` (bounded: a range before it reads from the
/// start again).
///
/// Threading: an actor; concurrent ranges take turns, and a page that
/// arrives for a position already read (two ranges asked for it) is
/// dropped.
actor SCIMForwardReader {
  private var cache: ForwardRangeCache

  init(limit: Int) {
    cache = ForwardRangeCache(limit: limit)
  }

  /// The users at `range` once read (fewer at the end); `read` fetches the
  /// page at a position.
  func rows(
    _ range: Range<Int>, read: (Int) async throws(DirectoryError) -> SCIMResponsePage
  ) async throws(DirectoryError) -> RowRange {
    if cache.startsBefore(range.lowerBound) { cache.reset() }
    while cache.needsMore(for: range) {
      let start = cache.readCount
      let page = try await read(start)
      guard start == cache.readCount else { continue }
      cache.append(
        page.users.map(\.entry),
        isFinal: page.users.isEmpty || start + page.users.count >= page.total)
    }
    return cache.rows(range)
  }

  /// Without a server-side order there is no "at or after": the first user
  /// read so far whose username is `sortKey` (ignoring case), else the top.
  func position(ofFirstAtOrAfter sortKey: String) -> RowRange {
    cache.position(ofFirstAtOrAfter: sortKey)
  }
}
