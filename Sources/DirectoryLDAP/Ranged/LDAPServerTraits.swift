import SharedSupport

/// What a directory learned about its server once and shares with every
/// view of it (searches, a group's members, a manager's reports), so no
/// view asks again.
///
/// Threading: `Sendable`; each fact is behind its own lock.
final class LDAPServerTraits: Sendable {
  /// Whether the server keeps memberOf on its people (slapd's `memberof`
  /// overlay, 389's MemberOf Plugin, Active Directory); nil until asked.
  let keepsMemberOf = Locked<Bool?>(nil)
  /// The server's root DSE; nil until asked.
  let rootDSE = Locked<LDAPRootDSE?>(nil)
  /// Whether the server took one sort key after refusing several (Active
  /// Directory): orders then send the column's key alone.
  let takesOneSortKey = Locked(false)
  /// Whether the server sorts by a key without its ordering rule: it
  /// refused the key with one and took it bare, or its root DSE names 389
  /// Directory Server (which refuses `uid:caseIgnoreOrderingMatch` with
  /// `sortResult` 1, or misorders with it). Keys are then sent bare.
  let refusesOrderingRules = Locked(false)
  /// Whether the server refused virtual list view to this reader though
  /// its root DSE lists it (389 Directory Server to anonymous readers,
  /// "Insufficient access (50) VLV Control"): ranges are then read
  /// forward with Paged Results.
  let refusesVirtualListView = Locked(false)

  /// How `schema`'s filter on `active` finds the active (true) or disabled
  /// accounts on this server: by the schema's account attribute where the
  /// server has it (Active Directory's flags; `nsAccountLock` where the
  /// root DSE, read by then in a range, names 389 Directory Server), else
  /// every account is active (``LDAPSchema/accountFilter(active:serverMarks:)``).
  func accountFilter(_ schema: LDAPSchema) -> @Sendable (Bool) -> String {
    var marks = schema.marksAccountsWithFlags
    if case .directoryServer389? = rootDSE.withLock({ $0?.product }) { marks = true }
    return { [marks] active in schema.accountFilter(active: active, serverMarks: marks) }
  }
}
