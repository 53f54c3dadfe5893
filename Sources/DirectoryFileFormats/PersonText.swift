import Directory

/// How the readers turn a cell or property into a person's role or state,
/// and a value into text no longer than a field keeps.
///
/// Threading: stateless.
enum PersonText {
  /// The role `text` names ("Admin", "admin"); unknown for anything else,
  /// and for none (as a users.json entry without "role" reads).
  static func role(_ text: String) -> Role {
    switch text.lowercased() {
    case "user": .user
    case "owner": .owner
    case "admin": .admin
    default: .unknown
    }
  }

  /// Whether `text` leaves the account active: everything but "false",
  /// "no", "0" and "disabled" (the export writes "true" or "false").
  static func isActive(_ text: String) -> Bool {
    !["false", "no", "0", "disabled"].contains(text.lowercased())
  }

  /// The local part of the address `email` ("ada" of "ada@example.org");
  /// "" when it has none.
  static func localPart(of email: String) -> String {
    guard let at = email.lastIndex(of: "@") else { return "" }
    return String(email[..<at])
  }

  /// `bytes` as text cut to `FieldLimit.maxBytes`, and whether anything
  /// was cut (`longer`: bytes were left out before these).
  static func cut(_ bytes: UnsafeBufferPointer<UInt8>, longer: Bool = false) -> (
    text: String, wasCut: Bool
  ) {
    let (text, wasCut) = FieldLimit.string(bytes)
    // Bytes that are not UTF-8 read as U+FFFD, three bytes each: cut again.
    guard text.utf8.count > FieldLimit.maxBytes else { return (text, wasCut || longer) }
    return (String(decoding: FieldLimit.prefixed(Array(text.utf8)), as: UTF8.self), true)
  }

  /// A value of `value`, nil when empty.
  static func optional(_ value: String) -> String? { value.isEmpty ? nil : value }

  /// The warning for a record whose fields were cut at `place`.
  static func cutWarning(at place: String) -> String {
    "\(place): a field longer than \(FieldLimit.maxBytes) bytes was cut"
  }
}
