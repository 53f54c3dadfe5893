import Directory
import DirectoryLDAP
import FoundationEssentials
import SharedSupport

extension DirectoryKind {
  /// An LDAP server (or the servers of one directory), read a window at a
  /// time: an ldap:// or ldaps:// URL, a base DN, a filter and a bind DN
  /// whose password is the secret.
  public static var ldap: DirectoryKind {
    var kind = DirectoryKind(
      id: "ldap", title: "LDAP", schemes: ["ldap", "ldaps"], isServer: true, isFile: false,
      secret: .bindPassword,
      fields: [
        FieldRow(.location, tr("Server URL"), placeholder: "ldap://ldap.example.org"),
        FieldRow(.baseDN, tr("Base DN")),
        FieldRow(.filter, tr("Filter"), placeholder: "(objectClass=inetOrgPerson)"),
        FieldRow(.bindDN, tr("Bind DN"), signIns: [LDAPSignIn.password.rawValue]),
        FieldRow(
          .certificate, tr("Certificate"), placeholder: "PEM",
          signIns: [LDAPSignIn.certificate.rawValue],
          chooserTitle: tr("Choose the Client Certificate")),
        FieldRow(
          .key, tr("Key"), placeholder: "PEM", signIns: [LDAPSignIn.certificate.rawValue],
          chooserTitle: tr("Choose the Certificate’s Key")),
        FieldRow(.secret, tr("Password"), signIns: [LDAPSignIn.password.rawValue]),
        FieldRow(.secret, tr("Key passphrase"), signIns: [LDAPSignIn.certificate.rawValue]),
      ],
      validate: LDAPFields.problems, argument: LDAPFields.argument,
      open: { location, secret, options throws(DirectoryError) in
        var ldap = LDAPOptions(
          bindDN: options.bindDN, startTLS: options.startTLS, caFile: options.caFile,
          schema: options.activeDirectory ? .activeDirectory : .openLDAP)
        ldap.insecureTLS = options.insecureTLS
        ldap.allowPlaintextPassword = options.allowPlaintextPassword
        ldap.signIn = options.signIn
        ldap.clientCertificate = options.clientCertificate
        switch options.signIn {
        case .password: if options.bindDN != nil { ldap.password = secret }
        case .kerberos: break
        case .certificate: ldap.keyPassphrase = secret
        }
        let directory = try LDAPDirectory(url: location, options: ldap)
        return .server(options.groupsBase.map(directory.withGroups(under:)) ?? directory)
      },
      counters: { directory in
        // Reconnects, failovers to another server, sorted lists opened.
        (directory as? LDAPDirectory).map {
          Statistics(heading: "Directory server statistics:", counters: $0.statistics)
        }
      })
    kind.signIns = [
      SignIn(id: LDAPSignIn.password.rawValue, title: tr("Password")),
      SignIn(id: LDAPSignIn.kerberos.rawValue, title: tr("Kerberos (single sign-on)")),
      SignIn(id: LDAPSignIn.certificate.rawValue, title: tr("Client certificate")),
    ]
    kind.offersOfflineCopy = true
    kind.secretNeed = { directory in
      switch directory.signInMethod {
      case .password:
        directory.bindDN.isEmpty ? .none : .required(missing: tr("Enter the password"))
      case .kerberos: .none
      case .certificate: .optional
      }
    }
    kind.asksTheServer = { $0.activeDirectory == nil }
    kind.configure = { directory, options in
      options.signIn = directory.signInMethod
      if options.signIn == .password, !directory.bindDN.isEmpty {
        options.bindDN = directory.bindDN
      }
      options.clientCertificate = directory.clientCertificate
      options.activeDirectory = directory.activeDirectory == true
    }
    kind.remember = { directory, found in
      if !found.peopleBase.isEmpty { directory.baseDN = found.peopleBase }
      directory.activeDirectory = found.isActiveDirectory
    }
    return kind
  }
}

extension RememberedDirectory.Field {
  /// LDAP: where the people are (empty: the URL's own base DN).
  public static let baseDN = Self(rawValue: "baseDN")
  /// LDAP: which entries are people (empty: the URL's own filter).
  public static let filter = Self(rawValue: "filter")
  /// LDAP: whom to bind as with a password (empty: anonymous).
  public static let bindDN = Self(rawValue: "bindDN")
  /// LDAP with a certificate: the client certificate's PEM file.
  public static let certificate = Self(rawValue: "certificate")
  /// LDAP with a certificate: its private key's PEM file (the passphrase of
  /// an encrypted one is the secret, in the keyring).
  public static let key = Self(rawValue: "key")
}

/// An LDAP directory's options, as its fields and its server's answers
/// left them.
extension RememberedDirectory {
  /// Where the people are (empty: the URL's own base DN).
  public var baseDN: String {
    get { text(.baseDN) }
    set { set(.baseDN, to: newValue) }
  }
  /// Which entries are people (empty: the URL's own filter).
  public var filter: String {
    get { text(.filter) }
    set { set(.filter, to: newValue) }
  }
  /// Whom to bind as with a password (empty: anonymous).
  public var bindDN: String {
    get { text(.bindDN) }
    set { set(.bindDN, to: newValue) }
  }
  /// The client certificate's PEM file, if one is given.
  public var certificate: String? {
    get { text(.certificate).isEmpty ? nil : text(.certificate) }
    set { set(.certificate, to: newValue ?? "") }
  }
  /// The client key's PEM file, if one is given.
  public var key: String? {
    get { text(.key).isEmpty ? nil : text(.key) }
    set { set(.key, to: newValue ?? "") }
  }
  /// How the person signs in; nil is a password (or anonymous), as
  /// directories remembered before the choice existed say.
  public var signIn: LDAPSignIn? {
    get {
      guard case .text(let id)? = options[Self.signInOption] else { return nil }
      return LDAPSignIn(rawValue: id)
    }
    set { options[Self.signInOption] = newValue.map { .text($0.rawValue) } }
  }
  /// How the person signs in: a password unless chosen otherwise.
  public var signInMethod: LDAPSignIn { signIn ?? .password }
  /// Whether the server is Active Directory (its attribute names and
  /// people filter are used); nil until the server's root DSE has said so
  /// at the first open (``OpenedDirectory/discovered(_:secret:)``), which is
  /// remembered so a later start need not ask (and opens while the server
  /// is away).
  public var activeDirectory: Bool? {
    get {
      if case .flag(let flag)? = options["activeDirectory"] { return flag }
      return nil
    }
    set { options["activeDirectory"] = newValue.map(Option.flag) }
  }
  /// The client certificate and key, when the person signs in with a
  /// certificate and both are given.
  public var clientCertificate: LDAPClientCertificate? {
    guard signInMethod == .certificate, let certificate, let key else { return nil }
    return LDAPClientCertificate(certificateFile: certificate, keyFile: key)
  }
}

/// The LDAP kind's fields: what is wrong with them, and the one URL they
/// make.
///
/// Threading: stateless; any thread.
private enum LDAPFields {
  static func problems(_ directory: RememberedDirectory) -> [RememberedDirectory.Field: String] {
    var problems: [RememberedDirectory.Field: String] = [:]
    if !DirectoryKind.ldap.names(serverURL(directory.location)) {
      problems[.location] = tr("Enter a host name, or an ldap:// or ldaps:// URL")
    }
    let filter = directory.filter
    if !filter.isEmpty, !(filter.hasPrefix("(") && filter.hasSuffix(")")) {
      problems[.filter] = tr("A filter is written in parentheses, like (objectClass=person)")
    }
    if !directory.baseDN.isEmpty, !directory.baseDN.contains("=") {
      problems[.baseDN] = tr("A DN names attributes, like ou=people,dc=example,dc=org")
    }
    switch directory.signInMethod {
    case .password:
      if !directory.bindDN.isEmpty, !directory.bindDN.contains("=") {
        problems[.bindDN] = tr("A DN names attributes, like cn=admin,dc=example,dc=org")
      }
    case .kerberos: break
    case .certificate:
      if (directory.certificate ?? "").isEmpty {
        problems[.certificate] = tr("Choose the client certificate (a PEM file)")
      }
      if (directory.key ?? "").isEmpty {
        problems[.key] = tr("Choose its private key (a PEM file)")
      }
      if problems[.location] == nil,
        DirectoryKind.scheme(of: serverURL(directory.location)) != "ldaps"
      {
        problems[.location] = tr("A client certificate is sent only over TLS: use an ldaps:// URL")
      }
    }
    return problems
  }

  /// The server URL carrying the base DN and filter (RFC 4516),
  /// percent-encoded; the URL as typed when neither is given.
  static func argument(_ directory: RememberedDirectory) -> String {
    var server = serverURL(directory.location)
    guard !directory.baseDN.isEmpty || !directory.filter.isEmpty else { return server }
    if let scheme = server.firstRange(of: "://"),
      let path = server[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" })
    {
      server = String(server[..<path])
    }
    let dn = directory.baseDN.percentEncoded(keeping: URLBytes.isPathByte)
    let query = directory.filter.percentEncoded(keeping: URLBytes.isPathByte)
    return "\(server)/\(dn)??sub?\(query)"
  }

  /// `location` as a server URL: a host name alone ("dc1.example.org",
  /// "ipa.example.org:636", "[2001:db8::1]") is read over TLS, as
  /// `ldaps://` and the name (Active Directory takes no password without
  /// it); anything else as typed.
  static func serverURL(_ location: String) -> String {
    let text = location.trimmed
    guard !text.isEmpty, DirectoryKind.scheme(of: text) == nil,
      text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) })
    else { return text }
    return "ldaps://" + text
  }
}

/// An LDAP server's people are kept by Content Sync (RFC 4533), or by
/// DirSync on Active Directory.
extension LDAPDirectory: CopyableDirectory {
  @MainActor package func offlineCopy(in folder: URL) -> OfflineCopy {
    OfflineCopy(directory: self, folder: folder)
  }
}
