import Directory
import DirectoryLDAP
import FoundationEssentials
import SharedSupport

/// How to reach a directory server (LDAP or SCIM), as the command line says
/// it. The password or token is never among them: it comes from the caller
/// (``secret``), `$ROSTER_BIND_PASSWORD` / `$ROSTER_TOKEN` or a file
/// (``passwordFile``, ``tokenFile``), so it is not in argv, logs or settings.
///
/// Threading: a plain value; `Sendable`.
public struct ServerOptions: Sendable {
  /// How the person signs in to an LDAP server: a password (or
  /// anonymously), Kerberos or a client certificate.
  public var signIn = LDAPSignIn.password
  /// The DN to bind as with a password; nil binds anonymously.
  public var bindDN: String?
  /// The TLS client certificate and key (LDAP).
  public var clientCertificate: LDAPClientCertificate?
  /// A file whose first line is the client key's passphrase.
  public var keyPassphraseFile: String?
  /// A file whose first line is the bind password.
  public var passwordFile: String?
  /// A file whose first line is a SCIM server's bearer token.
  public var tokenFile: String?
  /// Upgrade ldap:// to TLS before binding.
  public var startTLS = false
  /// Trust these certificate authorities (PEM) instead of the system's.
  public var caFile: String?
  /// Accept any certificate (test servers only).
  public var insecureTLS = false
  /// Allow a password over plain ldap:// to a host that is not this machine.
  public var allowPlaintextPassword = false
  /// Active Directory's attribute names (sAMAccountName, thumbnailPhoto).
  public var activeDirectory = false
  /// Whether ``discoveredDirectory(url:environment:)`` picks the schema
  /// from the server's root DSE (Active Directory's for Active Directory)
  /// rather than keep ``activeDirectory`` as it is: no schema was chosen.
  public var schemaFromServer = false
  /// Where an LDAP server's groups are searched for (nil: under the URL's
  /// base DN).
  public var groupsBase: String?
  /// The password or token when the caller already holds it (from the
  /// keyring, or typed into a dialog for this session): when set, neither
  /// the environment nor ``passwordFile`` is read.
  public var secret: Secret?

  /// Anonymous, verified, OpenLDAP's schema.
  public init() {}

  /// The environment variable a bind password is read from.
  public static let passwordVariable = "ROSTER_BIND_PASSWORD"
  /// The environment variable a client key's passphrase is read from.
  public static let keyPassphraseVariable = "ROSTER_KEY_PASSPHRASE"
  /// The environment variable a SCIM bearer token is read from.
  public static let tokenVariable = "ROSTER_TOKEN"
  /// The longest password file read.
  static let maxPasswordBytes = 4096

  /// Whether a `--source` argument names a directory server (a kind read
  /// a window at a time, by its URL scheme).
  public static func isServerURL(_ argument: String) -> Bool {
    DirectoryKinds.kind(forSource: argument)?.isServer == true
  }

  /// The directory at `url` (one LDAP URL, a space-separated list of the
  /// servers of one directory, or a scim+https:// URL) with these options,
  /// opened by the kind its scheme names; the password or token is read
  /// here, from ``secret``, `environment` (by default what
  /// ``EnvironmentSecrets`` took out of the process's) or the file. TLS and the password
  /// apply alike to every LDAP server.
  public func directory(
    url: String, environment: [String: String] = EnvironmentSecrets.values
  ) throws(DirectoryError) -> any RangedDirectory {
    guard let kind = DirectoryKinds.kind(forSource: url), kind.isServer,
      case .server(let directory) = try open(kind, location: url, environment: environment)
    else { throw .unsupportedSource(url) }
    return directory
  }

  /// ``directory(url:environment:)``, completed from what the server says
  /// of itself (``DiscoveringDirectory``): a URL without a base DN
  /// searches where the server says its people are, and with
  /// ``schemaFromServer`` an LDAP server that is Active Directory is opened
  /// with Active Directory's names and people filter. Reads the server (off
  /// the main thread, as every read of the server).
  public func discoveredDirectory(
    url: String, environment: [String: String] = EnvironmentSecrets.values
  ) async throws(DirectoryError) -> any RangedDirectory {
    let directory = try directory(url: url, environment: environment)
    guard let discovering = directory as? any DiscoveringDirectory else { return directory }
    return try await discovering.discovered(choosingSchema: schemaFromServer && !activeDirectory)
  }

  /// Has `kind` open `location` with these options and the secret it needs,
  /// read here from ``secret``, `environment` or the file.
  func open(_ kind: DirectoryKind, location: String, environment: [String: String])
    throws(DirectoryError) -> OpenedDirectory
  {
    let secret: Secret? =
      switch kind.secret {
      case .none: nil
      case .bindPassword:
        switch signIn {
        case .password: bindDN == nil ? nil : try password(environment: environment)
        case .kerberos: nil
        case .certificate: try keyPassphrase(environment: environment)
        }
      case .bearerToken: try token(environment: environment)
      }
    return try kind.make(location: location, secret: secret, options: self)
  }

  private func password(environment: [String: String]) throws(DirectoryError) -> Secret {
    if let secret { return secret }
    if let passwordFile { return try Self.firstLine(of: passwordFile, isToken: false) }
    if let value = environment[Self.passwordVariable], !value.isEmpty { return Secret(value) }
    throw .passwordUnavailable(
      String(
        filling: tr("--bind-dn needs a password: set %@ or pass --password-file"),
        Self.passwordVariable))
  }

  /// A client key's passphrase, when one is given: the caller's, else the
  /// first line of ``keyPassphraseFile``, else the environment's; nil when
  /// none is (an unencrypted key needs none, and an encrypted one says so
  /// when it is read).
  private func keyPassphrase(environment: [String: String]) throws(DirectoryError) -> Secret? {
    if let secret { return secret }
    if let keyPassphraseFile { return try Self.firstLine(of: keyPassphraseFile, isToken: false) }
    if let value = environment[Self.keyPassphraseVariable], !value.isEmpty { return Secret(value) }
    return nil
  }

  /// A SCIM server's token: the caller's, else the environment's, else the
  /// first line of ``tokenFile``.
  private func token(environment: [String: String]) throws(DirectoryError) -> Secret {
    if let secret { return secret }
    if let value = environment[Self.tokenVariable], !value.isEmpty { return Secret(value) }
    if let tokenFile { return try Self.firstLine(of: tokenFile, isToken: true) }
    throw .passwordUnavailable(
      String(
        filling: tr("A SCIM server needs a bearer token: set %@ or pass --token-file"),
        Self.tokenVariable))
  }

  /// The first line of the file at `path` (a password or token file).
  private static func firstLine(of path: String, isToken: Bool) throws(DirectoryError)
    -> Secret
  {
    // Bounded and non-blocking: a FIFO or a device is refused, not waited on.
    let bytes: [UInt8]
    do {
      bytes = try BoundedFileReader.read(path: path, maxBytes: maxPasswordBytes)
    } catch {
      let format =
        isToken
        ? tr("Could not read the token file %1$@: %2$@")
        : tr("Could not read the password file %1$@: %2$@")
      throw .passwordUnavailable(String(filling: format, path, "\(error)"))
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    let value = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
    guard !value.isEmpty else {
      let format =
        isToken ? tr("The token file %@ is empty") : tr("The password file %@ is empty")
      throw .passwordUnavailable(String(filling: format, path))
    }
    return Secret(value)
  }
}
