/// A result's identifier as the shell holds it: the remembered directory's
/// id and the person's identity in it ("UUID/uid=ada,ou=people,…"), so a
/// result names one person of one directory whatever the shell asks later.
///
/// Threading: a plain value; `Sendable`.
struct SearchResultID: Hashable, Sendable {
  /// The remembered directory's id (a UUID, which holds no "/").
  let directory: String
  /// The person's identity: a users.json's id (else username), an LDAP DN or
  /// entryUUID, a SCIM id.
  let identity: String

  init(directory: String, identity: String) {
    self.directory = directory
    self.identity = identity
  }

  /// Reads `text` back; nil when it is not one of ours.
  init?(_ text: String) {
    guard let slash = text.firstIndex(of: "/") else { return nil }
    let directory = text[..<slash]
    let identity = text[text.index(after: slash)...]
    guard !directory.isEmpty, !identity.isEmpty else { return nil }
    self.directory = String(directory)
    self.identity = String(identity)
  }

  /// The text the shell holds.
  var text: String { "\(directory)/\(identity)" }
}
