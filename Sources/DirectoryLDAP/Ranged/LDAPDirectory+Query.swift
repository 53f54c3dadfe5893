import Directory
import SharedSupport

/// A filter and an order run on the server: the filter compiled to RFC 4515
/// with the schema's attribute names (``LDAPFilter/compile(_:attribute:)``)
/// and ANDed with the URL's filter and the search, the order as the sort
/// control's keys (``LDAPSchema/sortKeys(for:limit:)``), the username last.
extension LDAPDirectory {
  /// The filter that matches nobody: a probe with it costs the server no
  /// entries, yet the server checks the sort control's keys.
  private static let probeFilter = "(!(objectClass=*))"

  public func querying(filter: PersonFilter?, sort: PersonSort?) -> any RangedDirectory {
    var query = query
    query.filter = filter
    query.sort = sort
    return view(query)
  }

  /// Asks the server to order nobody by each field in turn (the sort
  /// control critical; the field alone when the server refuses it with the
  /// username after it): a field it answers "inappropriate matching" (18),
  /// "unwilling to perform" (53) or another sort result for is refused with
  /// the reason, and
  /// every field when it does not sort at all ("unavailable critical
  /// extension", 12).
  public func sortRefusals() async throws(DirectoryError) -> [PersonField: String] {
    if members != nil {
      // Read from the group's member values: the group's order stands.
      let reason = tr("a group read from its member values keeps the group's order")
      return Dictionary(uniqueKeysWithValues: PersonField.allCases.map { ($0, reason) })
    }
    if let known = state.withLock({ $0.sortRefusals }) { return known }
    var refusals: [PersonField: String] = [:]
    for field in PersonField.allCases {
      guard let attribute = options.schema.attribute(for: field) else {
        refusals[field] = tr("The directory keeps no city apart from the location")
        continue
      }
      let key =
        options.schema.sortKeys(for: PersonSort([.init(field)]), limit: options.maxSortKeys)
        .joined(separator: " ")
      do {
        try await withSortKeys(key) { keys throws(DirectoryError) in
          let probe = LDAPSearchRequest(
            base: url.baseDN, scope: url.scope, filter: Self.probeFilter, attributes: ["1.1"],
            sortKey: keys)
          _ = try await perform { session, flag throws(DirectoryError) in
            try session.search(probe, cancel: flag)
          }
        }
      } catch {
        if case .result(code: 12, _)? = error.ldap {
          refusals[field] =
            DirectoryError.ldap(
              .sortRefused(attributes: attribute, reason: tr("the server does not sort"))
            )
            .sentence
          continue
        }
        guard Self.refusesSort(error) else { throw error }
        refusals[field] = sortRefused(error, attributes: [attribute]).sentence
      }
    }
    state.withLock { $0.sortRefusals = refusals }
    return refusals
  }

  /// How many people come before the first one sharing the anchor's value
  /// of `key` (the person `username`): counted by the server as the size
  /// of a sorted list narrowed to the values before it (virtual list view's
  /// content count, no entries travel), so Refresh lands on the anchor's
  /// group. slapd places an "at or after" target past the people equal to
  /// it when the order has several keys, hence the count. 0 when the
  /// anchor is gone or has no value.
  func countBefore(anchor username: String, by key: PersonSort.Key) async throws(DirectoryError)
    -> Int
  {
    let schema = options.schema
    guard let attribute = schema.attribute(for: key.field) else { return 0 }
    let lookup = LDAPSearchRequest(
      base: url.baseDN, scope: url.scope,
      filter: "(&\(filter)(\(schema.usernameAttribute)=\(LDAPFilter.escape(username))))",
      attributes: [attribute])
    let entry = try await perform { session, flag throws(DirectoryError) in
      try session.search(lookup, cancel: flag).entries.first
    }
    guard let bytes = entry?.values(attribute).first else { return 0 }
    let value = String(decoding: bytes, as: UTF8.self)
    // Ascending: the values before it; descending: those after it, and the
    // people without one (an absent value sorts as the largest).
    let before: PersonFilter =
      key.descending
      ? .or(.not(.present(key.field)), .compare(key.field, .gt, value))
      : .compare(key.field, .lt, value)
    let narrowed = LDAPFilter.compile(
      before, attribute: schema.attribute(for:), orderingRule: schema.orderingRule(for:),
      account: traits.accountFilter(schema))
    let answer = try await withSortKeys { keys throws(DirectoryError) in
      var request = LDAPSearchRequest(
        base: url.baseDN, scope: url.scope, filter: "(&\(filter)\(narrowed))",
        attributes: ["1.1"], sortKey: keys)
      request.virtualListView = .init()
      let count = request
      return try await perform { session, flag throws(DirectoryError) in
        try session.search(count, cancel: flag).virtualListView
      }
    }
    return answer?.contentCount ?? 0
  }

  /// `error`, when it is the server refusing the order, as an error naming
  /// the attributes ordered by (`attributes`: the keys sent) with the
  /// server's reason; any other error as it is.
  func sortRefused(_ error: DirectoryError, attributes: [String]) -> DirectoryError {
    guard Self.refusesSort(error) else { return error }
    let names = attributes.joined(separator: ", ")
    switch error.ldap {
    case .result(let code, let message)?:
      return .ldap(.sortRefused(attributes: names, reason: "\(message) (\(code))"))
    case .sortRefused(_, let reason)?:
      return .ldap(.sortRefused(attributes: names, reason: reason))
    default:
      return .ldap(.noOrderingRule(attribute: names))
    }
  }
}
