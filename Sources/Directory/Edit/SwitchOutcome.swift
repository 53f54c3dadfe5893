/// How turning something of a person's on or off ended: their account
/// (``EditableDirectory/setActive(_:username:)``), their membership of a
/// group (``EditableDirectory/setMember(_:username:group:)``).
///
/// Threading: a plain value; `Sendable`.
public enum SwitchOutcome: Sendable, Equatable {
  /// The server made the change. `logFailure` says why the change log
  /// could not be written, when it could not.
  case changed(logFailure: String?)
  /// It already was so: nothing was written.
  case alreadySo
  /// Someone changed it between its reading and the change: nothing was
  /// written.
  case changedMeanwhile
  /// Nothing was written: the server refused, in its own words.
  case refused(reason: String)
  /// Nothing was written: no one in the directory has the username.
  case noSuchPerson
  /// Nothing was written: the directory has no group of that name.
  case noSuchGroup
}
