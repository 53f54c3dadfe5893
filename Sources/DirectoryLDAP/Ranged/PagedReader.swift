import Directory

/// Reads a directory forward with Paged Results (RFC 2696), for servers
/// without virtual list view (or refusing it to this reader): rows arrive
/// in the server's order (sorted by the sort control where the server
/// offers it) and the
/// count grows page by page until the last (`isCountFinal`). A range ahead
/// of what was read waits for the pages before it. What was read is kept
/// in a ``ForwardRangeCache`` (bounded: a range before it starts the
/// reading again from the first page).
///
/// Threading: owned by one ``LDAPDirectory`` and used only on its
/// connection's queue (the paging cookie belongs to that connection).
final class PagedReader: @unchecked Sendable {
  private var request: LDAPSearchRequest
  private let mapper: LDAPEntryMapper
  private let pageSize: Int

  private var cache: ForwardRangeCache
  private var cookie: [UInt8] = []
  /// The session whose cookie this is; another one starts over.
  private weak var session: LDAPSession?

  init(request: LDAPSearchRequest, mapper: LDAPEntryMapper, pageSize: Int, cacheLimit: Int) {
    self.request = request
    self.mapper = mapper
    self.pageSize = pageSize
    cache = ForwardRangeCache(limit: max(cacheLimit, pageSize))
  }

  /// The entries at `range` once read (fewer at the end), the count so far
  /// and how many pages this call read. `sortKey` and `isSortCritical`
  /// are the sort control's (the reading starts over when they change):
  /// critical where the server sorts, so the rows are in its order or the
  /// order is refused, never silently left out.
  func rows(
    _ range: Range<Int>, sortKey: String?, isSortCritical: Bool, session: LDAPSession,
    cancel: CancellationFlag
  ) throws(DirectoryError) -> (RowRange, pages: Int) {
    if sortKey != request.sortKey || isSortCritical != request.isSortCritical {
      request.sortKey = sortKey
      request.isSortCritical = isSortCritical
      restart(on: session)
    }
    if session !== self.session || cache.startsBefore(range.lowerBound) { restart(on: session) }
    var pages = 0
    while cache.needsMore(for: range) {
      try readPage(session, cancel: cancel)
      pages += 1
    }
    return (cache.rows(range), pages)
  }

  /// Without a server-side order there is no "at or after": the first
  /// entry read so far whose username is `sortKey` (ignoring case), else
  /// the top.
  func position(ofFirstAtOrAfter sortKey: String, session: LDAPSession, cancel: CancellationFlag)
    throws(DirectoryError) -> RowRange
  {
    if session !== self.session { restart(on: session) }
    if cache.readCount == 0 && !cache.isFinal { try readPage(session, cancel: cancel) }
    return cache.position(ofFirstAtOrAfter: sortKey)
  }

  private func restart(on session: LDAPSession) {
    self.session = session
    cache.reset()
    cookie = []
  }

  private func readPage(_ session: LDAPSession, cancel: CancellationFlag) throws(DirectoryError) {
    var page = request
    page.page = (pageSize, cookie)
    let response = try session.search(page, cancel: cancel)
    cookie = response.pageCookie ?? []
    cache.append(response.entries.map { mapper.entry($0) }, isFinal: cookie.isEmpty)
  }
}
