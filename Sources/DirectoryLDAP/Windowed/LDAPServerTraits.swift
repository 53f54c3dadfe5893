import Synchronization

/// What a directory learned about its server once and shares with every
/// view of it (searches, a group's members, a manager's reports), so no
/// view asks again.
///
/// Threading: `Sendable`; each fact is behind its own lock.
final class LDAPServerTraits: Sendable {
  /// Whether the server keeps memberOf on its people (slapd's `memberof`
  /// overlay, Active Directory); nil until asked.
  let keepsMemberOf = Mutex<Bool?>(nil)
  /// The controls the root DSE lists; nil until asked.
  let supportedControls = Mutex<Set<String>?>(nil)
  /// Whether the server took one sort key after refusing several (Active
  /// Directory): orders then send the column's key alone.
  let takesOneSortKey = Mutex(false)
}
