import Directory
import FoundationEssentials

/// A SCIM 2.0 service's users (RFC 7643/7644) read a range at a time:
/// `GET /Users?startIndex=&count=` answers the count with every page, so the
/// list sizes itself at once and asks only for the rows on screen.
///
/// When `/ServiceProviderConfig` says the server sorts, every range is
/// `sortBy=userName` (or the first key of the order ``querying(filter:sort:)``
/// asks for: SCIM sorts by one attribute, and people equal in it come in
/// the server's order, scim2-server's by resource id), read at any offset. A server that cannot sort is read
/// forward in its own order (``SCIMForwardReader``), the count final only
/// at the end. Pages are at most the server's `filter.maxResults`. A page
/// that came with an ETag is asked for again with If-None-Match, and a 304
/// refills nothing. Search is the server's filter on username and display
/// name.
///
/// The bearer token goes only to the service's own origin (``SCIMClient``).
///
/// Threading: `Sendable`. The HTTP clients and counters are shared with
/// the `searching` views; each view's page cache is behind its own lock.
public struct SCIMDirectory: RangedDirectory {
  /// The attributes a page asks for: what a row shows and the person's
  /// details (core and enterprise).
  static let rowAttributes =
    (["id", "userName", "userType", "roles", "active", "photos", "meta"]
    + SCIMResource.detailAttributes).joined(separator: ",")

  public var url: SCIMURL { client.url }
  /// The filter sent (nil for the whole directory): the query's scope, its
  /// filter (``SCIMFilter/compile(_:)``) and the search, ANDed.
  public let filter: String?
  /// What this view narrows and orders by.
  let query: Query
  let client: SCIMClient
  let forward: SCIMForwardReader

  /// The people a view is of, its search text, its filter and its order.
  struct Query: Sendable {
    /// The SCIM filter for the people the view is of (a manager's reports,
    /// a group's members); nil for everyone.
    var scope: String?
    var search = ""
    var filter: PersonFilter?
    var sort: PersonSort?

    /// The SCIM filter for the scope, the search and the filter, nil when
    /// none is set.
    var compiled: String? {
      let parts = [scope, filter.map(SCIMFilter.compile), SCIMFilter.search(search)]
        .compactMap { $0 }
      guard let first = parts.first else { return nil }
      return parts.dropFirst().reduce(first) { SCIMFilter.both($0, $1) }
    }

    /// The attribute sorted by and whether descending: the first key's
    /// (SCIM sorts by one attribute), else the username ascending (also
    /// for a field the service keeps nowhere: everyone is equal in it).
    var sortBy: (path: String, descending: Bool) {
      guard let key = sort?.keys.first, let path = SCIMFilter.path(of: key.field) else {
        return ("userName", false)
      }
      return (path, key.descending)
    }
  }

  /// The service at `url` ("scim+https://host/scim/v2"; scim+http:// only
  /// to this machine), read with the bearer `token`. Nothing is sent until
  /// the first range. Throws `SCIMError.invalidURL`, or `.unreadable` for an
  /// `options.caFile` that cannot be read.
  public init(url: String, token: Secret, options: SCIMOptions = SCIMOptions())
    throws(DirectoryError)
  {
    self.init(
      client: try SCIMClient(url: try SCIMURL(url), token: token, options: options),
      query: Query())
  }

  /// A view of the service `client` reads, narrowed and ordered by `query`.
  init(client: SCIMClient, query: Query) {
    self.client = client
    self.query = query
    filter = query.compiled
    forward = SCIMForwardReader(limit: client.options.forwardCacheLimit)
  }

  /// The host; for a server that cannot sort (known after the first
  /// range) it also says the rows are in the server's order, not by name.
  public var location: String {
    client.knownCapabilities?.sorts == false ? "\(url.host), in the server's order" : url.host
  }

  /// The service's base URL (the token is never part of it).
  public var settingsKey: String { url.base }

  /// What this directory and its searches did so far.
  public var statistics: SCIMStatistics { client.statistics }

  public func rows(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
    let capabilities = try await client.capabilities()
    guard capabilities.sorts else {
      return try await forward.rows(range) { start throws(DirectoryError) in
        try await page(from: start, count: pageSize(capabilities), sorted: false)
      }
    }
    var entries: [DirectoryEntry] = []
    var total = 0
    var next = range.lowerBound
    repeat {
      let wanted = min(range.upperBound - next, pageSize(capabilities))
      let page = try await page(from: next, count: max(wanted, 0), sorted: true)
      total = page.total
      entries += page.users.prefix(wanted).map(\.entry)
      next += page.users.count
      if page.users.count < wanted || page.users.isEmpty { break }
    } while next < range.upperBound
    let offset = min(range.lowerBound, total)
    return RowRange(offset: offset, entries: entries, count: total)
  }

  public func position(ofFirstAtOrAfter sortKey: String) async throws(DirectoryError)
    -> RowRange
  {
    guard try await client.capabilities().sorts else {
      return await forward.position(ofFirstAtOrAfter: sortKey)
    }
    guard let anchor = try await anchorValue(sortKey) else { return try await rows(0..<1) }
    // The users before the anchor, counted by the server (no rows travel).
    let (path, descending) = query.sortBy
    let condition = "\(path) \(descending ? "gt" : "lt") \(SCIMFilter.literal(anchor))"
    let before = filter.map { SCIMFilter.both($0, condition) } ?? condition
    let counted = try await page(
      from: 0, count: 0, sorted: false, filter: before, attributes: "id")
    return try await rows(counted.total..<(counted.total + 1))
  }

  public func searching(_ text: String) -> any RangedDirectory {
    var query = query
    query.search = text
    return SCIMDirectory(client: client, query: query)
  }

  public func photo(of identity: String, maxBytes: Int) async throws(DirectoryError) -> [UInt8]? {
    var address = client.photoAddress(of: identity)
    if address == nil {
      let lookup = "id eq \(SCIMFilter.literal(identity))"
      let found = try await page(from: 0, count: 1, sorted: false, filter: lookup)
      address = found.users.first?.photo
    }
    guard let address else { return nil }
    return try await client.photo(at: address, maxBytes: maxBytes)
  }

  public func attributes(of identity: String) async throws(DirectoryError) -> [DirectoryAttribute] {
    let path = "/Users/" + SCIMQuery.escape(identity)
    return SCIMAttributes.flatten(try await client.get(path).body)
  }

  /// The page size: ours, within the server's `filter.maxResults`.
  func pageSize(_ capabilities: SCIMClient.Capabilities) -> Int {
    max(min(client.options.pageSize, capabilities.maxResults ?? .max), 1)
  }

  /// `count` users from position `start` (from 0), conditionally when the
  /// same query came with an ETag before.
  func page(
    from start: Int, count: Int, sorted: Bool, filter: String? = nil,
    attributes: String = rowAttributes
  ) async throws(DirectoryError) -> SCIMResponsePage {
    var query = [("startIndex", "\(start + 1)"), ("count", "\(count)")]
    if sorted {
      let (path, descending) = self.query.sortBy
      query += [("sortBy", path), ("sortOrder", descending ? "descending" : "ascending")]
    }
    if let filter = filter ?? self.filter { query.append(("filter", filter)) }
    query.append(("attributes", attributes))
    let path = "/Users?" + SCIMQuery.encode(query)
    let cached = client.pages.cached(path)
    let answer = try await client.get(path, etag: cached?.etag)
    if answer.notModified, let cached {
      client.count { $0.notModified += 1 }
      return cached.page
    }
    let page = try SCIMResponsePage(decoding: answer.body)
    client.count { $0.pagesFetched += 1 }
    client.remember(page.users)
    if let etag = answer.etag { client.pages.store(page, etag: etag, for: path) }
    return page
  }
}
