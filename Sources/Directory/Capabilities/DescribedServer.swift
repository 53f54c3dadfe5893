/// A directory server that says what it is and whom it took the reader
/// for: `roster check`'s lines, Test Connection's "Connected to OpenLDAP
/// as …", and the note that an anonymous reader is shown names only.
///
/// A capability, asked for by type (`directory as? any DescribedServer`):
/// a directory with nothing to say about itself does not conform.
///
/// Threading: `Sendable`; every method reads the server off the main
/// thread and is cancellable through the calling task.
public protocol DescribedServer: RangedDirectory {
  /// The server as `roster check` names it first ("127.0.0.1:389").
  var serverAddress: String { get }

  /// The server's product and version ("OpenLDAP", "389 Directory Server
  /// 2.3.1"); nil when it hides them from this reader.
  func serverName() async -> String?

  /// What the server says of itself, one "Subject: value" line each, as
  /// `roster check` prints them after the server's address: its product,
  /// what it offers, how one may sign in, whom it took the reader for.
  func facts() async throws(DirectoryError) -> [String]

  /// Whom the server took the person for when they signed in without a
  /// password (Kerberos, a certificate), as it names them
  /// ("uid=ada,ou=people,dc=example,dc=org"); nil after a password or when
  /// the server does not say.
  func signedInIdentity() async throws(DirectoryError) -> String?

  /// Whether the reader is anonymous: only then may the server show names
  /// only, and only then is a sample read to find out
  /// (``showsNamesOnly(_:)``).
  var readsAnonymously: Bool { get }

  /// Whether `sample`, the first people as this reader sees them, shows
  /// names only because the reader is anonymous and the server's access
  /// controls hide the rest (389 Directory Server as installed). Signing in
  /// may show more.
  func showsNamesOnly(_ sample: [DirectoryEntry]) -> Bool
}
