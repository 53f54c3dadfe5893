import Directory

/// Reads a server that cannot sort forward, page by page in its own order
/// (an offset into an unsorted list is not stable between requests): the
/// count grows as pages come and is final at the last one. A window ahead
/// of what was read waits for the pages before it. What was read is kept in
/// a ``ForwardWindowCache`` (bounded: a window before it reads from the
/// start again).
///
/// Threading: an actor; concurrent windows take turns, and a page that
/// arrives for a position already read (two windows asked for it) is
/// dropped.
actor SCIMForwardReader {
  private var cache: ForwardWindowCache

  init(limit: Int) {
    cache = ForwardWindowCache(limit: limit)
  }

  /// The users at `range` once read (fewer at the end); `read` fetches the
  /// page at a position.
  func window(
    _ range: Range<Int>, read: (Int) async throws(DirectoryError) -> SCIMPage
  ) async throws(DirectoryError) -> DirectoryWindow {
    if cache.startsBefore(range.lowerBound) { cache.reset() }
    while cache.needsMore(for: range) {
      let start = cache.readCount
      let page = try await read(start)
      guard start == cache.readCount else { continue }
      cache.append(
        page.users.map(\.entry),
        isFinal: page.users.isEmpty || start + page.users.count >= page.total)
    }
    return cache.window(range)
  }

  /// Without a server-side order there is no "at or after": the first user
  /// read so far whose username is `sortKey` (ignoring case), else the top.
  func position(ofFirstAtOrAfter sortKey: String) -> DirectoryWindow {
    cache.position(ofFirstAtOrAfter: sortKey)
  }
}
