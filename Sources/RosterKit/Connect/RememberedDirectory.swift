import Directory
import DirectoryLDAP
import FoundationEssentials
import SharedSupport

/// A directory the user connected to through the Connect dialog, as
/// settings.json remembers it: its kind and where it is, never its password
/// or token (those are in the keyring, under ``id``).
///
/// Threading: a plain `Sendable` value.
public struct RememberedDirectory: Codable, Equatable, Sendable, Identifiable {
  /// How the directory is read: one of ``DirectoryKinds``.
  public typealias Kind = DirectoryKind

  /// One field of the dialog, named in validation problems.
  public enum Field: String, Sendable, CaseIterable {
    case location
    case baseDN
    case filter
    case bindDN
    case certificate
    case key
    case secret
  }

  /// The keyring's key for this directory's secret.
  public var id: String
  public var kind: Kind
  /// The file's path, the JSON URL, the LDAP server URL or the SCIM base URL.
  public var location: String
  /// LDAP: where the people are (empty: the URL's own base DN).
  public var baseDN = ""
  /// LDAP: which entries are people (empty: the URL's own filter).
  public var filter = ""
  /// LDAP: whom to bind as with a password (empty: anonymous).
  public var bindDN = ""
  /// LDAP: how the person signs in; nil is a password (or anonymous), as
  /// directories remembered before the choice existed say.
  public var signIn: LDAPSignIn?
  /// LDAP with a certificate: the client certificate's PEM file.
  public var certificate: String?
  /// LDAP with a certificate: its private key's PEM file (the passphrase of
  /// an encrypted one is the secret, in the keyring).
  public var key: String?

  /// LDAP: whether to keep an offline copy when the server offers Content
  /// Sync; nil keeps one, as directories remembered before the choice
  /// existed say.
  public var offlineCopy: Bool?

  /// LDAP: whether the server is Active Directory (its attribute names and
  /// people filter are used); nil until the server's root DSE has said so
  /// at the first open (``OpenedDirectory/discovered(_:secret:)``), which
  /// is remembered so a later start need not ask (and opens while the
  /// server is away).
  public var activeDirectory: Bool?

  /// A new directory of `kind` at `location`, with a fresh id.
  public init(kind: Kind, location: String) {
    id = UUID().uuidString
    self.kind = kind
    self.location = location
  }

  /// Whether an offline copy is kept (LDAP servers offering Content Sync).
  public var keepsOfflineCopy: Bool { offlineCopy ?? true }

  /// Whether opening it asks the server first: an LDAP directory whose
  /// server has not yet said what it is (``activeDirectory``).
  public var asksTheServer: Bool { kind == .ldap && activeDirectory == nil }

  /// How the person signs in (LDAP): a password unless chosen otherwise.
  public var signInMethod: LDAPSignIn { signIn ?? .password }

  /// Whether connecting needs a password or token.
  public var needsSecret: Bool {
    switch kind.secret {
    case .none: false
    case .bindPassword: signInMethod == .password && !bindDN.isEmpty
    case .bearerToken: true
    }
  }

  /// Whether a secret may be kept for it: one it needs, or a client key's
  /// passphrase (needed only when the key is encrypted, which the file says
  /// when it is read). A Kerberos directory keeps none: the ticket is the
  /// desktop's.
  public var keepsSecret: Bool {
    needsSecret || (kind.secret == .bindPassword && signInMethod == .certificate)
  }

  /// The client certificate and key (LDAP with a certificate), when both
  /// are given.
  public var clientCertificate: LDAPClientCertificate? {
    guard signInMethod == .certificate, let certificate, let key, !certificate.isEmpty,
      !key.isEmpty
    else { return nil }
    return LDAPClientCertificate(certificateFile: certificate, keyFile: key)
  }

  /// What the menu shows: "LDAP · ldap://127.0.0.1:3890".
  public var title: String {
    let place = kind.isFile ? URL(fileURLWithPath: location).lastPathComponent : location
    return "\(kind.title) · \(place)"
  }

  /// The `--source` form of this directory: an LDAP URL carries the base DN
  /// and filter (RFC 4516), percent-encoded.
  public var sourceArgument: String { kind.argument(self) }

  /// What is wrong with the fields, one reason per field; empty when the
  /// directory can be tried. `secret` is what the dialog's secret field holds.
  public func problems(secret: String) -> [Field: String] {
    var problems = kind.validate(self)
    if needsSecret, secret.isEmpty {
      problems[.secret] =
        kind.secret == .bearerToken ? tr("Enter the bearer token") : tr("Enter the password")
    }
    return problems
  }

  /// Sets the text of `field` (the location, or one of LDAP's DNs and filter).
  mutating func set(_ field: Field, to text: String) {
    switch field {
    case .location: location = text
    case .baseDN: baseDN = text
    case .filter: filter = text
    case .bindDN: bindDN = text
    case .certificate: certificate = text.isEmpty ? nil : text
    case .key: key = text.isEmpty ? nil : text
    case .secret: break
    }
  }
}

/// One entry of settings.json's remembered directories, nil when it cannot
/// be read.
///
/// Threading: a plain value, decoded where the settings are.
struct SkippingDirectory: Decodable {
  let directory: RememberedDirectory?

  init(from decoder: any Decoder) {
    directory = try? RememberedDirectory(from: decoder)
  }
}
