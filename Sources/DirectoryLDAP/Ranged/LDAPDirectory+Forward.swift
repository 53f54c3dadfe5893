import Directory

/// Reading a view once from start to end: one Paged Results search (RFC
/// 2696) with the view's sort control (critical where the server sorts,
/// so the order is the ranges'), in pages as `ldapsearch
/// -E pr=…` reads it, without the ranges' second search for photo holders
/// and without the photo's version (`entryCSN`, `modifyTimestamp`): each
/// entry is made straight from libldap's buffer (``LDAPPersonFields``).
/// The next page is asked for while the caller handles the last one. A
/// group read from its member values is read a range at a time instead.
extension LDAPDirectory: ForwardReadableDirectory {
  /// One page: its entries, the cookie for the next (empty after the
  /// last) and the session that read it.
  private struct ForwardPage: Sendable {
    var entries: [DirectoryEntry]
    var cookie: [UInt8]
    var session: ObjectIdentifier
  }

  public func readForward(
    pageSize: Int, inServerOrder: Bool, _ page: ([DirectoryEntry]) async throws -> Void
  ) async throws -> Bool {
    guard members == nil else { return false }
    let mode = try await mode()
    let controls = try await supportedControls()
    let sorts = mode == .virtualListView || controls.contains(Self.sortOID)
    var template = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope, filter: filter, attributes: mapper.personAttributes,
      isSortCritical: !inServerOrder && sorts)
    var current: ForwardPage
    if inServerOrder {
      current = try await forwardPage(template, size: pageSize, cookie: [])
    } else {
      // The first page says which keys the server takes; the rest send them.
      current = try await withSortKeys { keys throws(DirectoryError) in
        template.sortKey = keys
        return try await forwardPage(template, size: pageSize, cookie: [])
      }
    }
    let request = template
    while true {
      guard !current.cookie.isEmpty else {
        try await page(current.entries)
        return true
      }
      let cookie = current.cookie
      async let following = forwardPage(request, size: pageSize, cookie: cookie)
      try await page(current.entries)
      let next = try await following
      // The cookie belongs to the connection that sent it.
      guard next.session == current.session else {
        throw DirectoryError.network("the connection to the server was lost while reading")
      }
      current = next
    }
  }

  /// The page of `request` after `cookie`.
  private func forwardPage(_ request: LDAPSearchRequest, size: Int, cookie: [UInt8])
    async throws(DirectoryError) -> ForwardPage
  {
    var search = request
    search.page = (size, cookie)
    let paged = search
    let fields = LDAPPersonFields(mapper)
    return try await perform { [self] session, flag throws(DirectoryError) in
      do throws(DirectoryError) {
        let (entries, response) = try session.search(paged, cancel: flag) {
          fields.entry($0, in: session)
        }
        return ForwardPage(
          entries: entries, cookie: response.pageCookie ?? [],
          session: ObjectIdentifier(session))
      } catch {
        throw sortRefused(error, attributes: paged.sortAttributes)
      }
    }
  }
}

extension DeferredLDAPView: ForwardReadableDirectory {
  func readForward(
    pageSize: Int, inServerOrder: Bool, _ page: ([DirectoryEntry]) async throws -> Void
  ) async throws -> Bool {
    try await resolved().readForward(pageSize: pageSize, inServerOrder: inServerOrder, page)
  }
}
