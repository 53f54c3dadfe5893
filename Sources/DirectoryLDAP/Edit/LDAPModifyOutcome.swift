/// How a modify with preconditions ended, when the server answered.
///
/// Threading: a plain value; `Sendable`.
public enum LDAPModifyOutcome: Sendable, Equatable {
  /// The server applied every change. `logFailure` says why the change
  /// log could not be written, when it could not.
  case applied(logFailure: String?)
  /// Nothing was written: someone changed an attribute since it was seen
  /// (assertionFailed, 122; without the Assertion control noSuchAttribute,
  /// 16, or attributeOrValueExists, 20). `current` holds what each changed
  /// attribute holds now, read back after the failure (by the
  /// modification's attribute name; empty: none).
  case conflict(current: [String: [[UInt8]]])
  /// Nothing was written: the server refused with result `code`
  /// (insufficientAccessRights, constraintViolation, …) and its
  /// diagnostic `message` (as `DisplayText` shows it; empty when the server
  /// gave none, as slapd gives none for a refused access).
  case refused(code: Int, message: String)
}
