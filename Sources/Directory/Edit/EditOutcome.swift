/// How a ``PersonEdit`` ended, when the server answered: applied, not
/// applied because someone changed a field since it was seen (with what the
/// fields hold now), or refused by the server (with its reason). A server
/// that cannot be reached throws instead.
///
/// Threading: a plain value; `Sendable`.
public enum EditOutcome: Sendable, Equatable {
  /// One field of a conflict: what the person saw, what they asked for and
  /// what the server holds now.
  public struct Conflict: Sendable, Equatable {
    public var field: EditableField
    public var seen: [String]
    public var requested: [String]
    public var current: [String]

    /// A conflict over `field`.
    public init(field: EditableField, seen: [String], requested: [String], current: [String]) {
      self.field = field
      self.seen = seen
      self.requested = requested
      self.current = current
    }
  }

  /// The server applied every change. `logFailure` says why the change
  /// log could not be written, when it could not.
  case applied(logFailure: String?)
  /// Nothing was written: the fields that no longer hold what was seen.
  case conflict([Conflict])
  /// Nothing was written: the server refused (no right to change a field,
  /// a value its schema does not take), in its own words.
  case refused(reason: String)
  /// Nothing was written: no one in the directory has the username.
  case noSuchPerson
}
