/// How turning an account on or off ended
/// (``EditableDirectory/setActive(_:username:)``).
///
/// Threading: a plain value; `Sendable`.
public enum AccountOutcome: Sendable, Equatable {
  /// The server changed the account. `logFailure` says why the change log
  /// could not be written, when it could not.
  case changed(logFailure: String?)
  /// The account already was so: nothing was written.
  case alreadySo
  /// Someone changed the account between its reading and the change:
  /// nothing was written.
  case changedMeanwhile
  /// Nothing was written: the server refused, in its own words.
  case refused(reason: String)
  /// Nothing was written: no one in the directory has the username.
  case noSuchPerson
}
