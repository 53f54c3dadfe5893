import Directory

/// Reads a server that cannot sort forward, page by page in its own order
/// (an offset into an unsorted list is not stable between requests): the
/// count grows as pages come and is final at the last one. A window ahead
/// of what was read waits for the pages before it.
///
/// Memory is bounded: at most `limit` users stay (the latest read); a window
/// before them reads from the start again.
///
/// Threading: an actor; concurrent windows take turns, and a page that
/// arrives for a position already read (two windows asked for it) is
/// dropped.
actor SCIMForwardReader {
  private let limit: Int
  private var cached: [DirectoryEntry] = []
  /// The position of `cached.first`.
  private var firstCached = 0
  private var isFinal = false

  init(limit: Int) {
    self.limit = max(limit, 1)
  }

  private var readCount: Int { firstCached + cached.count }

  /// The users at `range` once read (fewer at the end); `read` fetches the
  /// page at a position.
  func window(
    _ range: Range<Int>, read: (Int) async throws(DirectoryError) -> SCIMPage
  ) async throws(DirectoryError) -> DirectoryWindow {
    if range.lowerBound < firstCached { restart() }
    while !isFinal && readCount < range.upperBound {
      let start = readCount
      let page = try await read(start)
      guard start == readCount else { continue }
      append(page)
    }
    let lower = min(max(range.lowerBound, firstCached), readCount)
    let upper = max(min(range.upperBound, readCount), lower)
    return DirectoryWindow(
      offset: lower, entries: Array(cached[(lower - firstCached)..<(upper - firstCached)]),
      count: readCount, isCountFinal: isFinal)
  }

  /// Without a server-side order there is no "at or after": the first user
  /// read so far whose username is `sortKey` (ignoring case), else the top.
  func position(ofFirstAtOrAfter sortKey: String) -> DirectoryWindow {
    let key = sortKey.lowercased()
    let index = cached.firstIndex { $0.username.lowercased() == key } ?? 0
    return DirectoryWindow(
      offset: firstCached + index, entries: Array(cached[index..<min(index + 1, cached.count)]),
      count: readCount, isCountFinal: isFinal)
  }

  private func restart() {
    cached = []
    firstCached = 0
    isFinal = false
  }

  private func append(_ page: SCIMPage) {
    cached += page.users.map(\.entry)
    isFinal = page.users.isEmpty || readCount >= page.total
    if cached.count > limit {
      let dropped = cached.count - limit
      cached.removeFirst(dropped)
      firstCached += dropped
    }
  }
}
