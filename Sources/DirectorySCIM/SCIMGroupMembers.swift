import Directory
import SharedSupport

/// The people directly in one SCIM group, read a range at a time.
///
/// Where the server selects them by `groups.value` (``SCIMMembership``),
/// this is a ``SCIMDirectory`` scoped by that filter: sorted, searched,
/// filtered and paged like everyone. Otherwise it reads the group's own
/// list in its order: the whole group a range at a time (the count is
/// the list's), a few ids per request as `id eq … or id eq …`; a search or
/// filter is ANDed into those requests and the list is read forward
/// (``SCIMMemberReader``). The group's order cannot be sorted on the
/// server, so then every field is refused for sorting.
///
/// Threading: `Sendable`. The membership is shared by the group's views;
/// each view's scoped directory is made once, behind a lock.
final class SCIMGroupMembers: RangedDirectory {
  /// The most ids in one `id eq … or …` filter: scim2-server 0.8.3 takes
  /// ~30 ms an id over 3,000 users for such a filter (measured), and the
  /// address stays short.
  static let idsPerRequest = 20

  let membership: SCIMMembership
  let query: SCIMDirectory.Query
  /// Everyone, unscoped: pages by id, photos and attributes.
  private let everyone: SCIMDirectory
  private let scoped = Locked<SCIMDirectory?>(nil)
  private let reader: SCIMMemberReader

  init(membership: SCIMMembership, query: SCIMDirectory.Query) {
    self.membership = membership
    self.query = query
    everyone = SCIMDirectory(client: membership.client, query: SCIMDirectory.Query())
    reader = SCIMMemberReader(limit: membership.client.options.forwardCacheLimit)
  }

  /// The host; for a group read in its own order it also says so.
  var location: String {
    guard case .listed? = membership.known else { return everyone.location }
    return "\(everyone.url.host), in the group's order"
  }

  var settingsKey: String { everyone.settingsKey }

  func rows(_ range: Range<Int>) async throws(DirectoryError) -> RowRange {
    switch try await membership.people() {
    case .filtered(let scope):
      return try await directory(scope).rows(range)
    case .listed(let ids) where query.compiled != nil:
      return try await reader.rows(range, members: ids.count, step: Self.idsPerRequest) {
        members throws(DirectoryError) in try await people(ids[members])
      }
    case .listed(let ids):
      let wanted = min(range.lowerBound, ids.count)..<min(range.upperBound, ids.count)
      var entries: [DirectoryEntry] = []
      for start in stride(from: wanted.lowerBound, to: wanted.upperBound, by: Self.idsPerRequest) {
        entries += try await people(ids[start..<min(start + Self.idsPerRequest, wanted.upperBound)])
      }
      return RowRange(offset: wanted.lowerBound, entries: entries, count: ids.count)
    }
  }

  func position(ofFirstAtOrAfter sortKey: String) async throws(DirectoryError) -> RowRange {
    switch try await membership.people() {
    case .filtered(let scope):
      return try await directory(scope).position(ofFirstAtOrAfter: sortKey)
    case .listed where query.compiled != nil:
      return await reader.position(ofFirstAtOrAfter: sortKey)
    case .listed(let ids):
      let person = try await everyone.person(username: sortKey)
      let position = person.flatMap { ids.firstIndex(of: $0.id) } ?? 0
      return try await rows(position..<(position + 1))
    }
  }

  func searching(_ text: String) -> any RangedDirectory {
    var query = query
    query.search = text
    return SCIMGroupMembers(membership: membership, query: query)
  }

  func querying(filter: PersonFilter?, sort: PersonSort?) -> any RangedDirectory {
    var query = query
    query.filter = filter
    query.sort = sort
    return SCIMGroupMembers(membership: membership, query: query)
  }

  func sortRefusals() async throws(DirectoryError) -> [PersonField: String] {
    guard case .listed = try await membership.people() else {
      return try await everyone.sortRefusals()
    }
    let reason = tr("The SCIM server does not sort")
    return Dictionary(uniqueKeysWithValues: PersonField.allCases.map { ($0, reason) })
  }

  func photo(of identity: String, maxBytes: Int) async throws(DirectoryError) -> [UInt8]? {
    try await everyone.photo(of: identity, maxBytes: maxBytes)
  }

  func attributes(of identity: String) async throws(DirectoryError) -> [DirectoryAttribute] {
    try await everyone.attributes(of: identity)
  }

  /// This view's query scoped to the group by the server's filter.
  private func directory(_ scope: String) -> SCIMDirectory {
    scoped.withLock { scoped in
      if let scoped { return scoped }
      var query = query
      query.scope = scope
      let directory = SCIMDirectory(client: membership.client, query: query)
      scoped = directory
      return directory
    }
  }

  /// The people of `ids` this view's search and filter match, in the order
  /// of `ids` (an id nobody has is left out).
  private func people(_ ids: ArraySlice<String>) async throws(DirectoryError) -> [DirectoryEntry] {
    let filter = SCIMFilter.both(query.compiled, SCIMFilter.any("id", of: ids))
    let page = try await everyone.page(from: 0, count: ids.count, sorted: false, filter: filter)
    let found = Dictionary(
      page.users.map { ($0.entry.id, $0.entry) }, uniquingKeysWith: { first, _ in first })
    return ids.compactMap { found[$0] }
  }
}
