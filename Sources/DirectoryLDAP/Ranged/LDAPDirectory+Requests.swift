import Directory

/// The requests behind ``LDAPDirectory``'s methods and its retry policy.
extension LDAPDirectory {
  /// The longest wait between retries of a "busy" answer (20, 40, ... ms).
  static let maxBusyDelay = Duration.milliseconds(640)
  /// The virtual list view result for a target past the end
  /// (offsetRangeError, as slapd's sssvlv sends it).
  static let offsetRangeError: Int32 = 0x4D

  /// Runs `body` on the connection, retrying "busy" with a doubling delay,
  /// then once on a fresh connection (past its per-connection limit of
  /// sorted lists the server also says "busy"); a dropped connection is
  /// reopened once, on the next server when the directory names several
  /// and its own cannot be reached.
  func perform<T: Sendable>(
    _ body: @escaping @Sendable (LDAPSession, CancellationFlag) throws(DirectoryError) -> T
  ) async throws(DirectoryError) -> T {
    var delay = Duration.milliseconds(20)
    var fresh = false
    var reconnected = false
    var lost = false
    while true {
      do {
        return try await connection.run(fresh: fresh) {
          [self] session, flag throws(DirectoryError) in
          let before = session.referencesSkipped
          defer {
            let skipped = session.referencesSkipped - before
            if skipped > 0 { state.withLock { $0.statistics.referencesSkipped += skipped } }
          }
          return try body(session, flag)
        }
      } catch let error where error.isServerBusy && delay <= Self.maxBusyDelay {
        state.withLock { $0.statistics.busyRetries += 1 }
        do { try await Task.sleep(for: delay) } catch { throw .cancelled }
        delay *= 2
        fresh = false
      } catch let error where !reconnected && (error.isServerGone || error.isServerBusy) {
        state.withLock { $0.statistics.reconnects += 1 }
        reconnected = true
        lost = error.isServerGone
        // A lost session is already dropped, and another request may have
        // opened the next one since (on the next server): keep that one.
        fresh = !lost
        delay = .milliseconds(20)
      } catch {
        guard lost, case .cannotConnect(let server)? = error.ldap else { throw error }
        throw .ldap(.serverGone(server: server))
      }
    }
  }

  /// The controls the server's root DSE lists (`supportedControl`), asked
  /// once and shared with every view.
  func supportedControls() async throws(DirectoryError) -> Set<String> {
    try await rootDSE().supportedControls
  }

  /// What the server says about itself, read once for the directory and
  /// all its views.
  public func rootDSE() async throws(DirectoryError) -> LDAPRootDSE {
    if let known = traits.rootDSE.withLock({ $0 }) { return known }
    let request = LDAPSearchRequest(
      base: "", scope: .base, filter: "(objectClass=*)", attributes: LDAPRootDSE.attributes)
    let entry = try await perform { session, flag throws(DirectoryError) in
      try session.search(request, cancel: flag).entries.first
    }
    let rootDSE = LDAPRootDSE(entry)
    if case .directoryServer389 = rootDSE.product {
      // 389 refuses an ordering rule named by the client with virtual list
      // view (sortResult 1), and with Paged Results answers success but
      // orders wrongly (ipa.grace, ipa.linus, ipa.ada by
      // uid:caseIgnoreOrderingMatch): its own rule for each attribute is
      // the one to use, from the first order on.
      traits.refusesOrderingRules.withLock { $0 = true }
    }
    traits.rootDSE.withLock { $0 = rootDSE }
    return rootDSE
  }

  /// How the server is read, asking its root DSE the first time.
  func mode() async throws(DirectoryError) -> Mode {
    // A view made before the server refused virtual list view learns it
    // here, without asking again.
    if traits.refusesVirtualListView.withLock({ $0 }) { return .paged }
    let known = state.withLock { $0.mode }
    guard known == .unknown else { return known }
    let controls = try await supportedControls()
    let mode: Mode = controls.contains(Self.virtualListViewOID) ? .virtualListView : .paged
    state.withLock { $0.mode = mode }
    return mode
  }

  /// A sorted range through virtual list view, sending back this
  /// connection's last context; the sort keys the server takes
  /// (``withSortKeys(_:)``).
  func virtualListView(_ view: LDAPSearchRequest.VirtualListView) async throws(DirectoryError)
    -> RowRange
  {
    let rows = try await withSortKeys { keys throws(DirectoryError) in
      let template = LDAPSearchRequest(
        base: url.baseDN, scope: url.scope, filter: filter, attributes: mapper.windowAttributes,
        sortKey: keys)
      return try await sortedWindow(template, view) {
        [self] raw, session, flag throws(DirectoryError) in
        let withPhoto = try photoHolders(of: raw, session: session, cancel: flag)
        return raw.map { mapper.entry($0, hasPhoto: withPhoto.contains($0.dn)) }
      }
    }
    return RowRange(offset: rows.offset, entries: rows.entries, count: rows.count)
  }

  /// One range of `template`'s search (sorted by its sort key) through
  /// virtual list view, sending back this connection's last context (so a
  /// connection serves one sorted search: each view of the directory has
  /// its own). `map` turns the entries into the range's values, on the
  /// connection's queue. Past the end: no entries, and the count.
  func sortedWindow<Value: Sendable>(
    _ template: LDAPSearchRequest, _ view: LDAPSearchRequest.VirtualListView,
    map:
      @escaping @Sendable ([LDAPRawEntry], LDAPSession, CancellationFlag) throws(DirectoryError) ->
      [Value]
  ) async throws(DirectoryError) -> (entries: [Value], offset: Int, count: Int) {
    let (entries, response) = try await perform {
      [self] session, flag throws(DirectoryError) -> ([Value], LDAPSearchResponse.VirtualListView)
      in
      var request = template
      request.virtualListView = view
      request.virtualListView?.context = session.vlvContext
      let response: LDAPSearchResponse
      do throws(DirectoryError) {
        response = try session.search(request, cancel: flag)
      } catch {
        throw sortRefused(error, attributes: request.sortAttributes)
      }
      guard let answer = response.virtualListView else {
        throw DirectoryError.ldap(
          .result(
            code: 12, message: "the server answered without a virtual list view"))
      }
      if answer.context != nil && answer.context != session.vlvContext {
        // Counted here, not after: a retry of this request sends it back.
        state.withLock { $0.statistics.contextsOpened += 1 }
      }
      session.vlvContext = answer.context
      guard answer.resultCode == 0, !response.entries.isEmpty else { return ([], answer) }
      return (try map(response.entries, session, flag), answer)
    }
    state.withLock {
      $0.lastCount = response.contentCount
      $0.statistics.rangesRead += 1
    }
    switch response.resultCode {
    case 0:
      return (entries, max(response.targetPosition - 1, 0), response.contentCount)
    case Self.offsetRangeError:
      // Past the end (the directory shrank, or the list asked too far):
      // no entries, and the count to size the list by.
      return ([], response.contentCount, response.contentCount)
    case let code:
      throw DirectoryError.ldap(.result(code: Int(code), message: "virtual list view error"))
    }
  }

  /// The DNs in the range just read that have a photo: one unsorted search
  /// for the range's usernames whose entry has the photo attribute, no
  /// attributes returned. It leaves the sorted list alone (asking the same
  /// range again right away made slapd answer "busy" now and then, which
  /// cost a retry's backoff), and no photo bytes travel.
  private func photoHolders(
    of entries: [LDAPRawEntry], session: LDAPSession, cancel: CancellationFlag
  ) throws(DirectoryError) -> Set<String> {
    let username = options.schema.usernameAttribute
    let names = entries.compactMap { entry in
      entry.values(username).first.map { String(decoding: $0, as: UTF8.self) }
    }
    guard !names.isEmpty else { return [] }
    let anyOf = names.map { "(\(username)=\(LDAPFilter.escape($0)))" }.joined()
    let request = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope,
      filter: "(&\(filter)(\(options.schema.photoAttribute)=*)(|\(anyOf)))", attributes: ["1.1"])
    return Set(try session.search(request, cancel: cancel).entries.map(\.dn))
  }

  /// A range read forward page by page (a server without virtual list view).
  func pagedWindow(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
    let (rows, pages): (RowRange, Int)
    if try await supportedControls().contains(Self.sortOID) {
      // The server sorts (389 to an anonymous reader, refused virtual
      // list view): the order is asked for as the ranges ask for it.
      (rows, pages) = try await withSortKeys { keys throws(DirectoryError) in
        try await perform { [self] session, flag throws(DirectoryError) in
          do throws(DirectoryError) {
            return try paged.rows(
              range, sortKey: keys, isSortCritical: true, session: session, cancel: flag)
          } catch {
            throw sortRefused(error, attributes: LDAPSearchRequest.attributes(ofSortKeys: keys))
          }
        }
      }
    } else {
      (rows, pages) = try await perform {
        [paged, sortKeys] session, flag throws(DirectoryError) in
        try paged.rows(
          range, sortKey: sortKeys, isSortCritical: false, session: session, cancel: flag)
      }
    }
    state.withLock {
      $0.statistics.rangesRead += 1
      $0.statistics.pagesRead += pages
    }
    return rows
  }
}

extension DirectoryError {
  fileprivate var isServerGone: Bool {
    if case .serverGone? = ldap { true } else { false }
  }

  fileprivate var isServerBusy: Bool {
    if case .serverBusy? = ldap { true } else { false }
  }
}
