import ArgumentParser
import DirectoryLDAP
import RosterKit

/// The command-line options of a directory server source (`--source
/// ldap://…` or `scim+https://…`), shared by the window (`roster`) and the
/// benchmark and soak (`roster-dev`).
/// There is no password or token option: one on the command line is visible
/// to every user of the machine (`ps`), so it comes from
/// `$ROSTER_BIND_PASSWORD` / `$ROSTER_TOKEN` or a file.
package struct ServerArguments: ParsableArguments {
  /// Attribute names by server kind.
  package enum Schema: String, ExpressibleByArgument, CaseIterable {
    case openldap
    case ad
  }

  /// A SASL mechanism `--sasl` names.
  package enum SASL: String, ExpressibleByArgument, CaseIterable {
    /// Kerberos: the person's ticket.
    case gssapi
    /// The TLS client certificate.
    case external
  }

  @Option(
    help: """
      Sign in without a password: gssapi (your Kerberos ticket, from kinit or the desktop's \
      sign-in) or external (the --client-cert certificate, over ldaps:// or --starttls).
      """)
  var sasl: SASL?

  @Option(help: "Present this TLS client certificate (PEM) to an LDAP server.")
  var clientCert: String?

  @Option(
    help: """
      The client certificate's private key (PEM); the passphrase of an encrypted one from \
      $ROSTER_KEY_PASSPHRASE or --key-passphrase-file.
      """)
  var clientKey: String?

  @Option(help: "Read the client key's passphrase from the first line of this file.")
  var keyPassphraseFile: String?

  @Option(
    name: .customLong("bind-dn"),
    help: "Bind as this DN (the password from $ROSTER_BIND_PASSWORD or --password-file).")
  var bindDN: String?

  @Option(help: "Read the bind password from the first line of this file.")
  var passwordFile: String?

  @Option(help: "Read a SCIM server's bearer token from the first line of this file.")
  var tokenFile: String?

  @Flag(name: .customLong("starttls"), help: "Upgrade ldap:// to TLS before binding.")
  var startTLS = false

  @Option(help: "Trust the certificate authorities in this PEM file.")
  var caFile: String?

  @Flag(help: "Accept any server certificate (test servers only; verified otherwise).")
  var insecureTLS = false

  @Flag(help: "Allow a password over plain ldap:// to a host that is not this machine.")
  var allowPlaintextPassword = false

  @Option(
    name: .customLong("ldap-schema"),
    help: """
      Attribute names: openldap (uid, jpegPhoto) or ad (sAMAccountName, thumbnailPhoto) \
      (default: ad for Active Directory, as its root DSE says, else openldap).
      """)
  var schema: Schema?

  @Option(
    name: .customLong("groups-base"),
    help: "Search an LDAP server's groups under this DN (default: the URL's base DN).")
  var groupsBase: String?

  /// No server options given (ArgumentParser fills them in).
  package init() {}

  package func validate() throws {
    if sasl != nil, bindDN != nil {
      throw ValidationError("--sasl signs in without a bind DN: give one or the other")
    }
    if (clientCert == nil) != (clientKey == nil) {
      throw ValidationError("--client-cert and --client-key go together")
    }
    if sasl == .external, clientCert == nil {
      throw ValidationError("--sasl external needs --client-cert and --client-key")
    }
  }

  /// `--source` as given, once or several times: several are the servers of
  /// one directory (ldap:// or ldaps:// each) and become one URL list,
  /// tried in order.
  package static func source(_ sources: [String]) throws -> String? {
    guard sources.count > 1 else { return sources.first }
    guard sources.allSatisfy(ServerOptions.isServerURL) else {
      throw ValidationError(
        "--source may be given several times only for the servers of one directory (ldap[s]://)")
    }
    return sources.joined(separator: " ")
  }

  /// The options as the app takes them.
  package var options: ServerOptions {
    var options = ServerOptions()
    switch sasl {
    case nil: options.signIn = .password
    case .gssapi: options.signIn = .kerberos
    case .external: options.signIn = .certificate
    }
    if let clientCert, let clientKey {
      options.clientCertificate = LDAPClientCertificate(
        certificateFile: clientCert, keyFile: clientKey)
    }
    options.keyPassphraseFile = keyPassphraseFile
    options.bindDN = bindDN
    options.passwordFile = passwordFile
    options.tokenFile = tokenFile
    options.startTLS = startTLS
    options.caFile = caFile
    options.insecureTLS = insecureTLS
    options.allowPlaintextPassword = allowPlaintextPassword
    options.activeDirectory = schema == .ad
    options.schemaFromServer = schema == nil
    options.groupsBase = groupsBase
    return options
  }
}
