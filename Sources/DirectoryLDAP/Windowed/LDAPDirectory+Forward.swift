import Directory

/// Reading a view once from start to end: one Paged Results search (RFC
/// 2696) with the view's sort control (critical where the server offers
/// virtual list view, so the order is the windows'), in pages as `ldapsearch
/// -E pr=…` reads it, without the windows' second search for photo holders.
/// A group read from its member values is read a window at a time instead.
extension LDAPDirectory: ForwardReadableDirectory {
  public func readForward(pageSize: Int, _ page: ([DirectoryEntry]) async throws -> Void)
    async throws -> Bool
  {
    guard members == nil else { return false }
    let mode = try await mode()
    var request = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope, filter: filter, attributes: mapper.windowAttributes,
      sortKey: sortKeys, isSortCritical: mode == .virtualListView)
    let mapper = mapper
    var cookie: [UInt8] = []
    var reader: ObjectIdentifier?
    repeat {
      request.page = (pageSize, cookie)
      let search = request
      let (entries, next, session) = try await perform {
        [self] session, flag throws(DirectoryError) in
        let response: LDAPSearchResponse
        do throws(DirectoryError) {
          response = try session.search(search, cancel: flag)
        } catch {
          throw sortRefused(error)
        }
        return (
          response.entries.map { mapper.entry($0, hasPhoto: false) }, response.pageCookie ?? [],
          ObjectIdentifier(session)
        )
      }
      // The cookie belongs to the connection that sent it.
      if let reader, reader != session {
        throw DirectoryError.network("the connection to the server was lost while reading")
      }
      reader = session
      cookie = next
      try await page(entries)
    } while !cookie.isEmpty
    return true
  }
}

extension DeferredLDAPView: ForwardReadableDirectory {
  func readForward(pageSize: Int, _ page: ([DirectoryEntry]) async throws -> Void) async throws
    -> Bool
  {
    try await resolved().readForward(pageSize: pageSize, page)
  }
}
