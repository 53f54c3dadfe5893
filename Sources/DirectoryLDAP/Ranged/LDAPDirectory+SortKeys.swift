import Directory

/// The sort keys a server takes. Roster orders by a column, then by the
/// username to break ties, each key with the ordering rule slapd needs
/// (`uid:caseIgnoreOrderingMatch`: without it slapd answers "inappropriate
/// matching", 18). Other servers take less:
/// - Active Directory takes one key and refuses two (`sortResult` 53,
///   unwillingToPerform), as slapd does with `sssvlv-maxkeys 1`;
/// - 389 Directory Server takes several keys but no ordering rule named by
///   the client (`sortResult` 1, operationsError).
///
/// A refused order is asked again the way the server may take it: the
/// same keys without their rules, then the first key alone (people equal
/// in the column then come in the server's order), then the first key
/// without its rule. What the server took is remembered, and every later
/// order of the directory and its views is sent that way at once.
extension LDAPDirectory {
  /// The sort control's keys as this server takes them: ``sortKeys``, then
  /// without ordering rules and with one key as the server taught.
  public var sortKeysSent: String { sent(sortKeys) }

  /// `keys` as this server takes them, from what it taught so far.
  func sent(_ keys: String) -> String {
    var keys = keys
    if traits.refusesOrderingRules.withLock({ $0 }) { keys = Self.withoutRules(keys) }
    if traits.takesOneSortKey.withLock({ $0 }) { keys = Self.firstKey(of: keys) }
    return keys
  }

  /// Runs `body` with ``sortKeysSent``.
  func withSortKeys<T>(_ body: (String) async throws(DirectoryError) -> T)
    async throws(DirectoryError) -> T
  {
    try await withSortKeys(sortKeys, body)
  }

  /// Runs `body` with `keys` (space-separated, as libldap reads them) as
  /// the server takes them (``sent(_:)``); when the server refuses that
  /// order, runs it again with the keys' rules left out, then with the
  /// first key alone, then with that key bare, and remembers what the
  /// server took. When every form is refused, the last refusal is thrown:
  /// it names the column alone.
  func withSortKeys<T>(_ keys: String, _ body: (String) async throws(DirectoryError) -> T)
    async throws(DirectoryError) -> T
  {
    let first = sent(keys)
    var refusal: DirectoryError
    do {
      return try await body(first)
    } catch  where Self.refusesSort(error) {
      refusal = error
    }
    for (form, bare, one) in Self.fallbacks(of: first) {
      do {
        let value = try await body(form)
        if bare { traits.refusesOrderingRules.withLock { $0 = true } }
        if one { traits.takesOneSortKey.withLock { $0 = true } }
        return value
      } catch  where Self.refusesSort(error) {
        refusal = error
      }
    }
    throw refusal
  }

  /// The forms of `keys` to try after it was refused, each with whether it
  /// leaves the rules out and whether it keeps one key: bare, first alone,
  /// first alone and bare (the ones that differ from `keys` and each other).
  static func fallbacks(of keys: String) -> [(keys: String, bare: Bool, one: Bool)] {
    let forms = [
      (withoutRules(keys), true, false), (firstKey(of: keys), false, true),
      (withoutRules(firstKey(of: keys)), true, true),
    ]
    var seen: Set<String> = [keys]
    return forms.filter { seen.insert($0.0).inserted }
  }

  /// The first of space-separated sort keys.
  static func firstKey(of keys: String) -> String {
    String(keys.prefix(while: { $0 != " " }))
  }

  /// `keys` without their ordering rules ("-title:caseIgnoreOrderingMatch
  /// uid:caseIgnoreOrderingMatch" → "-title uid").
  static func withoutRules(_ keys: String) -> String {
    keys.split(separator: " ").map { $0.prefix(while: { $0 != ":" }) }.joined(separator: " ")
  }

  /// Whether `error` is the server refusing the order: no ordering rule
  /// (18), unwilling to perform (53), an attribute it does not know (16:
  /// slapd has no `nsAccountLock` to order accounts by), or a sort response
  /// control's result other than success.
  static func refusesSort(_ error: DirectoryError) -> Bool {
    switch error.ldap {
    case .noOrderingRule?, .sortRefused?: true
    case .result(code: 53, _)?, .result(code: 16, _)?: true
    default: false
    }
  }
}
