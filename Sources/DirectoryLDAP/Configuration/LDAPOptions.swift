import Directory

/// How to reach and read a directory server, besides its URL. Every default
/// is the safe one: TLS certificates are verified, and a password is never
/// sent in clear text to another machine.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPOptions: Sendable {
  /// What names an entry: its DN, or the server's own identifier for it,
  /// which survives renames (``LDAPSchema/uniqueIDAttribute``: `entryUUID`,
  /// or Active Directory's `objectGUID`).
  public enum Identity: Sendable, Hashable {
    case distinguishedName
    case uniqueID
  }

  /// How the person signs in: a password (simple bind), Kerberos or a
  /// client certificate.
  public var signIn = LDAPSignIn.password
  /// The DN to bind as with a password; nil binds anonymously.
  public var bindDN: String?
  public var password: Secret?
  /// The TLS client certificate: presented in the handshake whenever set,
  /// and what ``LDAPSignIn/certificate`` signs in with.
  public var clientCertificate: LDAPClientCertificate?
  /// The passphrase of an encrypted ``LDAPClientCertificate/keyFile``.
  public var keyPassphrase: Secret?
  /// Upgrade an ldap:// connection to TLS before binding.
  public var startTLS = false
  /// A PEM file of the certificate authorities to trust instead of the
  /// system's.
  public var caFile: String?
  /// Accept any certificate. Off unless set: only for test servers.
  public var insecureTLS = false
  /// Allow a password over plain ldap:// (no StartTLS) to a host that is not
  /// this machine. Off unless set.
  public var allowPlaintextPassword = false
  public var schema = LDAPSchema.openLDAP
  public var identity = Identity.distinguishedName
  /// Where groups are searched for (the whole subtree); nil: under the
  /// URL's base DN.
  public var groupsBase: String?
  /// How long to wait for a TCP (and TLS) connection: a server that is not
  /// there is reported within this.
  public var networkTimeout = Duration.seconds(1)
  /// How long one operation (bind, one range, one photo) may take. The
  /// first range of a connection includes the server's sort of the whole
  /// directory: about 5 s for a million entries on a quiet 2-core machine,
  /// three times that under load, hence the margin.
  public var operationTimeout = Duration.seconds(60)
  /// Without virtual list view, entries read forward in pages of this many.
  public var pageSize = 500
  /// Without virtual list view, at most this many entries already read stay
  /// in memory (the latest ones); an earlier range reads from the start
  /// again.
  public var pagedCacheLimit = 20_000
  /// The most keys one sort control carries, the username's included (a
  /// sort by more fields keeps the first ones): what the server allows
  /// (slapd's `sssvlv-maxkeys`, 5 unless configured; 3 in Roster's demo
  /// server), else it answers "unwilling to perform" (53).
  public var maxSortKeys = 3
  /// The most bytes one server answer may hold, so a hostile server cannot
  /// exhaust memory.
  public var maxResponseBytes = 64 << 20
  /// Counts the libldap operations run on the main thread, when given (the
  /// tests and the bench; the app gives none).
  public var mainThreadCalls: LDAPMainThreadCalls?

  /// Where the changes Roster makes to the server are logged (by default
  /// `$XDG_DATA_HOME/roster/changes.ldif`).
  public var changeLog = LDAPChangeLog()
  /// Whether a change carries its preconditions in the Assertion control
  /// where the server offers it (else as deletes of the values seen);
  /// turned off only to exercise the other way on a server that has it.
  var usesAssertion = true

  /// Anonymous, verified, OpenLDAP's schema.
  public init(
    bindDN: String? = nil, password: Secret? = nil, startTLS: Bool = false, caFile: String? = nil,
    schema: LDAPSchema = .openLDAP
  ) {
    self.bindDN = bindDN
    self.password = password
    self.startTLS = startTLS
    self.caFile = caFile
    self.schema = schema
  }
}
