import Directory
import SharedSupport

/// A directory server read a range at a time: each range is one search
/// with the server-side sort control (RFC 2891, critical) and the virtual
/// list view control, so the server counts and sorts and only the rows on
/// screen travel (then the same range, attribute names only, says which
/// rows have a photo). A server without virtual list view is read forward
/// with Paged Results instead (``PagedReader``).
///
/// Each directory (and each `searching` view of it) has its own connection,
/// and sends back the context the server returned last on it, so the server
/// sorts once and reuses its sorted list for every later range. "Busy" (51)
/// is retried after 20, 40, ... 640 ms, then once on a fresh connection; a
/// dropped connection is reopened once per request.
///
/// A directory may name several servers holding the same data (a URL list,
/// ``LDAPURL/list(_:)``): when the one in use goes away, the request that
/// noticed continues on the next one that answers, with a fresh sorted list
/// there (a context belongs to one server), and ``observeFailovers(_:)``
/// hears of the switch.
///
/// Threading: `Sendable`. libldap runs on the connection's own queue; the
/// bookkeeping is behind one lock.
public final class LDAPDirectory: RangedDirectory {
  /// How the server is read.
  enum Mode: Sendable {
    case unknown
    case virtualListView
    case paged
  }

  /// What a view of the directory narrows and orders by: the search text,
  /// the filter and the order, each compiled for the server.
  struct Query: Sendable {
    var search = ""
    var filter: PersonFilter?
    var sort: PersonSort?
    /// A clause ANDed in as it is, its values already escaped:
    /// `(manager=…)`, `(memberOf=…)`.
    var clause: String?
    /// The DN of a group whose member values are read in the group's
    /// order (a server that keeps no memberOf): the people are its members
    /// that the rest of the query matches (``MemberReader``).
    var group: String?
  }

  struct State {
    var mode: Mode
    /// The fields the server refused to order by, once asked.
    var sortRefusals: [PersonField: String]?
    /// The server's count after the last range, sent with the next one.
    var lastCount = 0
    var statistics = LDAPStatistics()
    /// The view the groups matching a text are read from (a sorted list on
    /// a connection of its own), for the last text asked.
    var groupsView: (text: String, view: LDAPDirectory)?
    /// Without virtual list view: the groups matching a text, sorted here.
    var groupList: (text: String, groups: [DirectoryGroupEntry])?
  }

  /// The OID a server lists in its root DSE when it offers virtual list view.
  static let virtualListViewOID = "2.16.840.1.113730.3.4.9"
  /// The OID a server lists when it offers server-side sorting (RFC 2891).
  static let sortOID = "1.2.840.113556.1.4.473"

  /// The first server; every server shares its base DN, scope and filter.
  public let url: LDAPURL
  public let options: LDAPOptions
  /// The search filter: the URL's, narrowed by `searching` and `querying`.
  public let filter: String
  /// The sort control's keys, space-separated as libldap reads them
  /// ("-title:caseIgnoreOrderingMatch uid:caseIgnoreOrderingMatch").
  public let sortKeys: String
  let query: Query
  let connection: LDAPConnection
  let mapper: LDAPEntryMapper
  let paged: PagedReader
  /// Reads a group's members when the query names one (``Query/group``).
  let members: MemberReader?
  let state: Locked<State>
  /// What was learned about the server once, shared with every view.
  let traits: LDAPServerTraits
  /// Shared with the `searching` views, so one handler hears them all.
  private let failovers: FailoverReporter
  /// Rung by every write, shared with every view: an offline copy's
  /// DirSync asks at once (``changeSource(pollInterval:)``).
  let writes: WriteBell

  /// A directory at `url` ("ldap://host:port/dc=example,dc=org"), or at the
  /// servers of a URL list ("ldap://a:3891 ldap://b:3892/dc=example,dc=org"),
  /// connected on first use. Throws `LDAPError.invalidURL` for a URL it cannot
  /// read.
  public convenience init(url: String, options: LDAPOptions = LDAPOptions()) throws(DirectoryError)
  {
    let servers = try LDAPURL.list(url)
    self.init(
      servers: servers, options: options, query: Query(), mode: .unknown, first: 0,
      failovers: FailoverReporter(), traits: LDAPServerTraits(), writes: WriteBell())
  }

  /// A directory at `url`, connected on first use.
  public convenience init(url: LDAPURL, options: LDAPOptions = LDAPOptions()) {
    self.init(
      servers: [url], options: options, query: Query(), mode: .unknown, first: 0,
      failovers: FailoverReporter(), traits: LDAPServerTraits(), writes: WriteBell())
  }

  /// A view of the directory at `servers` narrowed and ordered by `query`,
  /// starting on server `first`.
  init(
    servers: [LDAPURL], options: LDAPOptions, query: Query, mode: Mode, first: Int,
    failovers: FailoverReporter, traits: LDAPServerTraits, writes: WriteBell
  ) {
    let url = servers[0]
    self.url = url
    self.options = options
    self.query = query
    var filter = LDAPFilter.search(
      query.search, within: options.schema.peopleFilter(of: url), schema: options.schema)
    if let narrowed = query.filter {
      let schema = options.schema
      let compiled = LDAPFilter.compile(
        narrowed, attribute: schema.attribute(for:), orderingRule: schema.orderingRule(for:),
        account: traits.accountFilter(schema))
      filter = "(&\(filter)\(compiled))"
    }
    if let clause = query.clause { filter = "(&\(filter)\(clause))" }
    self.filter = filter
    let sortKeys = options.schema.sortKeys(for: query.sort, limit: options.maxSortKeys)
      .joined(separator: " ")
    self.sortKeys = sortKeys
    self.failovers = failovers
    self.traits = traits
    self.writes = writes
    connection = LDAPConnection(servers: servers, options: options, first: first) {
      lost, continuing in
      failovers.report(DirectoryFailover(lost: lost.serverURI, continuing: continuing.serverURI))
    }
    mapper = LDAPEntryMapper(schema: options.schema, identity: options.identity)
    paged = PagedReader(
      request: LDAPSearchRequest(
        base: url.baseDN, scope: url.scope, filter: filter, attributes: mapper.windowAttributes,
        sortKey: sortKeys, isSortCritical: false),
      mapper: mapper, pageSize: options.pageSize, cacheLimit: options.pagedCacheLimit)
    let mapper = mapper
    members = query.group.map { group in
      MemberReader(
        group: group, base: url.baseDN, filter: filter, schema: options.schema, mapper: mapper,
        cacheLimit: options.pagedCacheLimit)
    }
    state = Locked(State(mode: mode))
  }

  /// Every server, in the order they are tried.
  public var servers: [LDAPURL] { connection.servers }

  /// The server read now (or tried next).
  public var currentServer: LDAPURL { connection.servers[connection.currentIndex] }

  public var location: String { currentServer.host }

  /// The first server's URL and the base DN (a failover keeps it).
  public var settingsKey: String {
    let first = connection.servers[0]
    return "\(first.isSecure ? "ldaps" : "ldap")://\(first.host):\(first.port)/\(first.baseDN)"
  }

  /// What this directory did so far (not its `searching` views).
  public var statistics: LDAPStatistics {
    var statistics = state.withLock { $0.statistics }
    statistics.connectionsOpened = connection.connectionsOpened
    statistics.failovers = connection.failovers
    return statistics
  }

  public func rows(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
    if members != nil { return try await memberWindow(range) }
    if try await mode() == .paged { return try await pagedWindow(range) }
    let view = LDAPSearchRequest.VirtualListView(
      offset: range.lowerBound + 1, afterCount: max(range.count - 1, 0),
      contentCount: state.withLock { $0.lastCount })
    do {
      var rows = try await virtualListView(view)
      rows.entries = Array(rows.entries.prefix(range.count))
      return rows
    } catch {
      guard readsForward(after: error) else { throw error }
      return try await pagedWindow(range)
    }
  }

  /// Whether `error`, the answer to a virtual list view search, says the
  /// server does not serve it to this reader, so that ranges are read
  /// forward from now on: unavailableCriticalExtension (12), the root DSE
  /// having promised more than the server does; insufficientAccessRights
  /// (50), an access control refusing the control (389 Directory Server
  /// to anonymous readers: "VLV Control"). A reader refused everything
  /// hears the paged search's own refusal next.
  func readsForward(after error: DirectoryError) -> Bool {
    switch error.ldap {
    case .result(code: 12, _)?: break
    case .result(code: 50, _)?: traits.refusesVirtualListView.withLock { $0 = true }
    default: return false
    }
    state.withLock { $0.mode = .paged }
    return true
  }

  public func position(ofFirstAtOrAfter sortKey: String) async throws(DirectoryError)
    -> RowRange
  {
    if let members {
      return try await perform { session, flag throws(DirectoryError) in
        try members.position(ofFirstAtOrAfter: sortKey, session: session, cancel: flag)
      }
    }
    if try await mode() == .paged {
      return try await perform { [paged] session, flag throws(DirectoryError) in
        try paged.position(ofFirstAtOrAfter: sortKey, session: session, cancel: flag)
      }
    }
    if let key = query.sort?.keys.first, key.field != .username {
      let before = try await countBefore(anchor: sortKey, by: key)
      return try await rows(before..<(before + 1))
    }
    return try await virtualListView(
      .init(contentCount: state.withLock { $0.lastCount }, atOrAfter: sortKey))
  }

  public func searching(_ text: String) -> any RangedDirectory {
    var query = query
    query.search = text
    return view(query)
  }

  /// The same directory (its servers, query and failover handler) read
  /// over StartTLS, on a connection of its own.
  public func withStartTLS() -> LDAPDirectory {
    var options = options
    options.startTLS = true
    return view(query, options: options)
  }

  /// The same directory (its servers, mode and failover handler) under
  /// `query`, on a connection of its own.
  func view(_ query: Query, options: LDAPOptions? = nil) -> LDAPDirectory {
    LDAPDirectory(
      servers: servers, options: options ?? self.options, query: query,
      mode: state.withLock { $0.mode }, first: connection.currentIndex, failovers: failovers,
      traits: traits, writes: writes)
  }

  /// The same directory with every libldap operation it and its views run
  /// on the main thread counted in `calls` (the bench's proof that none
  /// does; the app counts nothing).
  public func counting(mainThreadCalls calls: LDAPMainThreadCalls) -> LDAPDirectory {
    var options = options
    options.mainThreadCalls = calls
    return view(query, options: options)
  }

  /// The same directory with its groups searched for under `base` (the
  /// whole subtree) instead of under the URL's base DN.
  public func withGroups(under base: String) -> LDAPDirectory {
    var options = options
    options.groupsBase = base
    return view(query, options: options)
  }

  public func observeFailovers(_ handler: @escaping @Sendable (DirectoryFailover) -> Void) {
    failovers.handler = handler
  }

  public func photo(of identity: String, maxBytes: Int) async throws(DirectoryError) -> [UInt8]? {
    let attribute = options.schema.photoAttribute
    let entry = try await entry(identity, attributes: [attribute])
    guard let bytes = entry?.values(attribute).first, !bytes.isEmpty else { return nil }
    guard bytes.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    return bytes
  }

  public func attributes(of identity: String) async throws(DirectoryError) -> [DirectoryAttribute] {
    guard let entry = try await entry(identity, attributes: ["*"]) else {
      throw .ldap(.noSuchBase(identity))
    }
    return mapper.attributes(entry)
  }

  /// One entry by identity, with `attributes`: a base search on its DN, or
  /// a search for its unique identifier under the URL's base.
  func entry(_ identity: String, attributes: [String]) async throws(DirectoryError)
    -> LDAPRawEntry?
  {
    let request =
      options.identity == .uniqueID
      ? LDAPSearchRequest(
        base: url.baseDN, scope: url.scope,
        filter: LDAPUniqueID.filter(identity, attribute: options.schema.uniqueIDAttribute),
        attributes: attributes)
      : LDAPSearchRequest(
        base: identity, scope: .base, filter: "(objectClass=*)", attributes: attributes)
    do {
      return try await perform { session, flag throws(DirectoryError) in
        try session.search(request, cancel: flag).entries.first
      }
    } catch {
      switch error.ldap {
      case .noSuchBase?: return nil  // no entry by that DN
      case .result(code: 34, _)?: return nil  // not a DN at all (invalidDNSyntax)
      default: throw error
      }
    }
  }
}
