import Directory

/// The sort keys a server takes. Roster orders by a column, then by the
/// username to break ties; Active Directory takes one key and refuses two
/// (`sortResult` 53, unwillingToPerform), as slapd does with `sssvlv-maxkeys
/// 1`. A refused order with several keys is asked again with its first key
/// alone (people equal in the column then come in the server's order), and
/// once that is taken every later order of the directory and its views
/// sends one key.
extension LDAPDirectory {
  /// The sort control's keys as this server takes them: ``sortKeys``, or
  /// its first key alone once the server took one key and refused several.
  var sortKeysSent: String {
    traits.takesOneSortKey.withLock { $0 } ? Self.firstKey(of: sortKeys) : sortKeys
  }

  /// Runs `body` with ``sortKeysSent``.
  func withSortKeys<T>(_ body: (String) async throws(DirectoryError) -> T)
    async throws(DirectoryError) -> T
  {
    try await withSortKeys(sortKeysSent, body)
  }

  /// Runs `body` with `keys` (space-separated, as libldap reads them);
  /// when the server refuses the order and `keys` has several, runs it
  /// again with the first key alone, and remembers that the server takes
  /// one key if it took that. A refusal of the first key alone is thrown.
  func withSortKeys<T>(_ keys: String, _ body: (String) async throws(DirectoryError) -> T)
    async throws(DirectoryError) -> T
  {
    let first = Self.firstKey(of: keys)
    do {
      return try await body(keys)
    } catch  where first != keys && Self.refusesSort(error) {
      let value = try await body(first)
      traits.takesOneSortKey.withLock { $0 = true }
      return value
    }
  }

  /// The first of space-separated sort keys.
  static func firstKey(of keys: String) -> String {
    String(keys.prefix(while: { $0 != " " }))
  }

  /// Whether `error` is the server refusing the order: no ordering rule
  /// (18), unwilling to perform (53), or a sort response control's result
  /// other than success.
  static func refusesSort(_ error: DirectoryError) -> Bool {
    switch error.ldap {
    case .noOrderingRule?, .sortRefused?: true
    case .result(code: 53, _)?: true
    default: false
    }
  }
}
