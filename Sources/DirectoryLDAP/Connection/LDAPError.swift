import Directory
import FoundationEssentials
import SharedSupport

/// What only an LDAP server says, as ``DirectoryError/backend(_:)`` carries
/// it (``DirectoryError/ldap(_:)``). `server` is "host:port"; no case ever
/// carries a password.
///
/// Threading: a plain value; `Sendable`.
public enum LDAPError: BackendError {
  /// The text is not an ldap:// or ldaps:// URL Roster can read.
  case invalidURL(String, reason: String)
  /// Nothing answered at the server's address (refused, unreachable, no route).
  case cannotConnect(server: String)
  /// The server refused the bind DN or its password (LDAP result 49).
  case credentialsRefused(bindDN: String)
  /// TLS could not be set up or the server's certificate was not trusted.
  case tlsFailed(server: String, reason: String)
  /// A password would travel unencrypted to a host that is not this machine.
  case plaintextPasswordRefused(server: String)
  /// Kerberos sign-in found no ticket (or only an expired one).
  case noKerberosTicket(expired: Bool)
  /// Kerberos sign-in failed for `reason` (Kerberos's own words: an
  /// unknown service, a realm without a KDC, a refused ticket).
  case kerberosFailed(server: String, reason: String)
  /// This machine lacks Cyrus SASL's GSSAPI module, which Kerberos sign-in
  /// needs.
  case kerberosUnavailable
  /// A client certificate was asked for without TLS to present it in.
  case certificateNeedsTLS(server: String)
  /// The client certificate or its key could not be read.
  case clientCertificateUnreadable(path: String, reason: String)
  /// The client key is encrypted and no passphrase was given.
  case keyPassphraseNeeded(path: String)
  /// The passphrase given does not decrypt the client key.
  case keyPassphraseWrong(path: String)
  /// The server refused the client certificate (in the handshake or the
  /// SASL EXTERNAL bind).
  case certificateRefused(server: String, reason: String)
  /// The sort attribute has no ordering rule on the server (LDAP result 18).
  case noOrderingRule(attribute: String)
  /// The server refused to order by `attributes` (e.g. "unwilling to
  /// perform", 53, past its number of sort keys), for `reason`.
  case sortRefused(attributes: String, reason: String)
  /// The server stopped at its size limit (LDAP result 4).
  case sizeLimitExceeded
  /// The server stopped at its time limit (LDAP result 3).
  case timeLimitExceeded
  /// The search base does not exist on the server (LDAP result 32).
  case noSuchBase(String)
  /// The URL names no base DN and the server's root DSE does not say
  /// where its people are: the trees it holds (its naming contexts).
  case noBaseDN(namingContexts: [String])
  /// The connection dropped and the server could not be reached again.
  case serverGone(server: String)
  /// The server kept answering "busy" (LDAP result 51) after retries.
  case serverBusy(server: String)
  /// The server does not let this account follow its changes: Active
  /// Directory's DirSync needs the "Replicating Directory Changes" right
  /// (LDAP result 50 to the DirSync control).
  case changesRefused
  /// Any other LDAP result code, with the server's own message.
  case result(code: Int, message: String)

  public var errorDescription: String? {
    switch self {
    case .invalidURL(let url, let reason):
      String(filling: tr("“%1$@” is not a valid LDAP URL: %2$@"), url, reason)
    case .cannotConnect(let server):
      String(filling: tr("Could not connect to the directory server at %@"), server)
    case .credentialsRefused(let bindDN):
      String(filling: tr("The directory server refused the password for “%@”"), bindDN)
    case .tlsFailed(let server, let reason):
      String(filling: tr("Could not set up a trusted TLS connection to %1$@: %2$@"), server, reason)
    case .plaintextPasswordRefused(let server):
      String(
        filling: tr("Refusing to send a password unencrypted to %@: use ldaps:// or StartTLS"),
        server)
    case .noKerberosTicket(let expired):
      expired
        ? tr("The Kerberos ticket has expired: run kinit or sign in to the domain again")
        : tr("No Kerberos ticket: run kinit or sign in to the domain")
    case .kerberosFailed(let server, let reason):
      String(filling: tr("Kerberos sign-in to %1$@ failed: %2$@"), server, reason)
    case .kerberosUnavailable:
      tr("Kerberos sign-in needs Cyrus SASL's GSSAPI module (libsasl2-modules-gssapi-mit)")
    case .certificateNeedsTLS(let server):
      String(
        filling: tr("A client certificate is sent only over TLS: use ldaps:// or StartTLS for %@"),
        server)
    case .clientCertificateUnreadable(let path, let reason):
      String(filling: tr("Could not read the client certificate or key %1$@: %2$@"), path, reason)
    case .keyPassphraseNeeded(let path):
      String(filling: tr("The key %@ is encrypted: enter its passphrase"), path)
    case .keyPassphraseWrong(let path):
      String(filling: tr("The passphrase does not open the key %@"), path)
    case .certificateRefused(let server, let reason):
      String(
        filling: tr("The directory server at %1$@ refused the client certificate: %2$@"), server,
        reason)
    case .noOrderingRule(let attribute):
      String(
        filling: tr("The directory server cannot sort by “%@”: the attribute has no ordering rule"),
        attribute)
    case .sortRefused(let attributes, let reason):
      String(
        filling: tr("The directory server refused to sort by “%1$@”: %2$@"), attributes, reason)
    case .sizeLimitExceeded:
      tr("The directory server stopped at its size limit")
    case .timeLimitExceeded:
      tr("The directory server stopped at its time limit")
    case .noSuchBase(let base):
      String(filling: tr("The directory server has no entry “%@” to search under"), base)
    case .noBaseDN(let contexts):
      contexts.isEmpty
        ? tr("The URL names no base DN, and the directory server does not say where its people are")
        : String(
          filling: tr(
            "The URL names no base DN: the directory server holds %@; add where its people are, like ldap://host/ou=people,dc=example,dc=org"
          ), contexts.joined(separator: ", "))
    case .serverGone(let server):
      String(filling: tr("The connection to the directory server at %@ was lost"), server)
    case .serverBusy(let server):
      String(filling: tr("The directory server at %@ stayed busy"), server)
    case .changesRefused:
      tr(
        "The directory server lets only accounts with the “Replicating Directory Changes” right follow its changes"
      )
    case .result(let code, let message):
      message.isEmpty
        ? String(filling: tr("The directory server answered LDAP error %ld"), code)
        : String(filling: tr("The directory server answered LDAP error %1$ld: %2$@"), code, message)
    }
  }
}

extension DirectoryError {
  /// `error`, an LDAP server's, as a directory error.
  public static func ldap(_ error: LDAPError) -> DirectoryError { .backend(BackendFailure(error)) }

  /// The LDAP server's error this is, if it is one.
  public var ldap: LDAPError? { backendError(LDAPError.self) }
}
