/// How Roster proves to an LDAP server who the person is.
///
/// Threading: a plain value; `Sendable`.
public enum LDAPSignIn: String, Sendable, Hashable, Codable, CaseIterable {
  /// A simple bind: the bind DN and its password, or anonymous without a
  /// bind DN.
  case password
  /// SASL GSSAPI: the person's Kerberos ticket (from `kinit` or the desktop's
  /// sign-in to the domain); nothing is typed and no password travels.
  case kerberos
  /// SASL EXTERNAL: the TLS client certificate (``LDAPClientCertificate``)
  /// proves the identity; the server maps its subject to an entry.
  case certificate

  /// The SASL mechanism, nil for a simple bind.
  var saslMechanism: String? {
    switch self {
    case .password: nil
    case .kerberos: "GSSAPI"
    case .certificate: "EXTERNAL"
    }
  }
}

/// A TLS client certificate and its private key, as PEM files. The key may
/// be encrypted: its passphrase is ``LDAPOptions/keyPassphrase``, never a
/// file or an argument.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPClientCertificate: Sendable, Hashable, Codable {
  /// The certificate (PEM).
  public var certificateFile: String
  /// Its private key (PEM, encrypted or not).
  public var keyFile: String

  public init(certificateFile: String, keyFile: String) {
    self.certificateFile = certificateFile
    self.keyFile = keyFile
  }
}
