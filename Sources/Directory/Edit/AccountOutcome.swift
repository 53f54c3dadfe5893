/// How an administrator's change to an account ended
/// (``AccountAdministration``): a password reset, a delete, a new person.
///
/// Threading: a plain value; `Sendable`.
public enum AccountOutcome: Sendable, Equatable {
  /// The server made the change; `dn` is the entry's name. `logFailure`
  /// says why the change log could not be written, when it could not.
  case done(dn: String, logFailure: String?)
  /// Someone changed the entry between its reading and the change:
  /// nothing was written.
  case changedMeanwhile
  /// Nothing was written: the server refused, in its own words (or Roster
  /// did, before sending, saying why).
  case refused(reason: String)
  /// Nothing was sent: a new person lacks attributes the schema requires,
  /// by name.
  case missing([String])
  /// Nothing was written: no one in the directory has the username.
  case noSuchPerson
}
