import Directory

/// Reads a directory forward with Paged Results (RFC 2696), for servers
/// without virtual list view: rows arrive in the server's order and the
/// count grows page by page until the last (`isCountFinal`). A window ahead
/// of what was read waits for the pages before it.
///
/// Memory is bounded: at most `cacheLimit` entries stay (the latest read);
/// a window before them starts the reading again from the first page.
///
/// Threading: owned by one ``LDAPDirectory`` and used only on its
/// connection's queue (the paging cookie belongs to that connection).
final class PagedReader: @unchecked Sendable {
  private let request: LDAPSearchRequest
  private let mapper: LDAPEntryMapper
  private let pageSize: Int
  private let cacheLimit: Int

  private var cached: [DirectoryEntry] = []
  /// The position of `cached.first`.
  private var firstCached = 0
  private var cookie: [UInt8] = []
  private var isFinal = false
  /// The session whose cookie this is; another one starts over.
  private weak var session: LDAPSession?

  init(request: LDAPSearchRequest, mapper: LDAPEntryMapper, pageSize: Int, cacheLimit: Int) {
    self.request = request
    self.mapper = mapper
    self.pageSize = pageSize
    self.cacheLimit = max(cacheLimit, pageSize)
  }

  private var readCount: Int { firstCached + cached.count }

  /// The entries at `range` once read (fewer at the end), the count so far
  /// and how many pages this call read.
  func window(_ range: Range<Int>, session: LDAPSession, cancel: CancellationFlag)
    throws(DirectoryError) -> (DirectoryWindow, pages: Int)
  {
    if session !== self.session || range.lowerBound < firstCached { restart(on: session) }
    var pages = 0
    while !isFinal && readCount < range.upperBound {
      try readPage(session, cancel: cancel)
      pages += 1
    }
    let lower = min(max(range.lowerBound, firstCached), readCount)
    let upper = max(min(range.upperBound, readCount), lower)
    let window = DirectoryWindow(
      offset: lower, entries: Array(cached[(lower - firstCached)..<(upper - firstCached)]),
      count: readCount, isCountFinal: isFinal)
    return (window, pages)
  }

  /// Without a server-side order there is no "at or after": the first
  /// entry read so far whose username is `sortKey` (ignoring case), else
  /// the top.
  func position(ofFirstAtOrAfter sortKey: String, session: LDAPSession, cancel: CancellationFlag)
    throws(DirectoryError) -> DirectoryWindow
  {
    if session !== self.session { restart(on: session) }
    if readCount == 0 && !isFinal { try readPage(session, cancel: cancel) }
    let index = cached.firstIndex { $0.username.lowercased() == sortKey.lowercased() } ?? 0
    return DirectoryWindow(
      offset: firstCached + index, entries: Array(cached[index..<min(index + 1, cached.count)]),
      count: readCount, isCountFinal: isFinal)
  }

  private func restart(on session: LDAPSession) {
    self.session = session
    cached = []
    firstCached = 0
    cookie = []
    isFinal = false
  }

  private func readPage(_ session: LDAPSession, cancel: CancellationFlag) throws(DirectoryError) {
    var page = request
    page.page = (pageSize, cookie)
    let response = try session.search(page, cancel: cancel)
    cached += response.entries.map { mapper.entry($0) }
    cookie = response.pageCookie ?? []
    isFinal = cookie.isEmpty
    if cached.count > cacheLimit {
      let dropped = cached.count - cacheLimit
      cached.removeFirst(dropped)
      firstCached += dropped
    }
  }
}
