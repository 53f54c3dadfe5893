import Directory
import SharedSupport

/// What an LDAP server says of itself (``DescribedServer``), whether it is
/// read in clear text (``EncryptableDirectory``), what its root DSE
/// completes (``DiscoveringDirectory``), and what names its people for the
/// caches kept of them.
extension LDAPDirectory: DescribedServer, EncryptableDirectory, DiscoveringDirectory {
  /// The server, base DN, scope, filter, schema and the person signed in
  /// (never a secret): two people signed in to one server may see
  /// different entries, and each has their own first screen and copy.
  public var peopleKey: String {
    let who =
      switch options.signIn {
      case .password: "password:\(options.bindDN ?? "")"
      case .kerberos: "kerberos"
      case .certificate: "certificate:\(options.clientCertificate?.certificateFile ?? "")"
      }
    return [
      settingsKey, url.scope.rawValue, url.filter, who,
      options.schema == .activeDirectory ? "activeDirectory" : "openLDAP",
    ].joined(separator: "\n")
  }

  // MARK: DescribedServer

  public var serverAddress: String { url.server }

  public func serverName() async -> String? {
    // A server that hides its root DSE from this reader is not named.
    try? await rootDSE().serverName
  }

  public func facts() async throws(DirectoryError) -> [String] {
    let root = try await rootDSE()
    var lines = ["Directory: \(root.serverName)"]
    let features = root.offeredFeatures
    lines.append(
      "Offers: \(features.isEmpty ? "none of Roster's controls" : features.joined(separator: ", "))"
    )
    if !root.saslMechanisms.isEmpty {
      lines.append("Sign-in mechanisms: \(root.saslMechanisms.joined(separator: ", "))")
    }
    lines.append("Signed in as: \(try await signedInDescription())")
    if let username = try await signedInUsername() { lines.append("Your entry: \(username)") }
    return lines
  }

  public func signedInIdentity() async throws(DirectoryError) -> String? {
    // A server that does not answer Who am I? (Active Directory) says
    // nobody's name; a Kerberos ticket still names its principal.
    guard options.signIn != .password else { return nil }
    guard let answer = try await signedInAs() else { return try await signedInPrincipal() }
    // "dn:uid=…" for an entry, "u:name" for a name it did not map.
    return answer.hasPrefix("dn:") || answer.hasPrefix("u:")
      ? String(answer.drop { $0 != ":" }.dropFirst()) : answer
  }

  public func showsNamesOnly(_ sample: [DirectoryEntry]) -> Bool {
    readsAnonymously && Self.showsNamesOnly(sample)
  }

  // MARK: EncryptableDirectory

  /// Plain ldap:// to a host that is not this machine, without StartTLS.
  /// Kerberos is not: it asks the server for a security layer (`minssf`
  /// 56). Decided by address or the name "localhost".
  public var readsInClearText: Bool {
    Self.readsInClearText(servers: servers, options: options)
  }

  /// Whether any of `servers`, read with `options`, goes in clear text to
  /// another machine.
  public static func readsInClearText(servers: [LDAPURL], options: LDAPOptions) -> Bool {
    guard !options.startTLS, options.signIn != .kerberos else { return false }
    return servers.contains { !$0.isSecure && !$0.isLoopback }
  }

  public func encrypted() -> any RangedDirectory { withStartTLS() }

  // MARK: DiscoveringDirectory

  public var namesItsPeople: Bool { !url.baseDN.isEmpty }

  public var discoveredFacts: DiscoveredFacts {
    DiscoveredFacts(
      peopleBase: url.baseDN, isActiveDirectory: options.schema == .activeDirectory)
  }

  /// Searched where the root DSE says the people are when the URL names no
  /// base DN (``discoveredPeopleBase()``), else an error naming the
  /// server's trees; with `choosingSchema`, read with Active Directory's
  /// names and people filter when the root DSE says it is Active Directory.
  public func discovered(choosingSchema: Bool) async throws(DirectoryError)
    -> any DiscoveringDirectory
  {
    var base = url.baseDN
    if base.isEmpty {
      // Searched as it is, an empty base finds nobody.
      guard let found = try await discoveredPeopleBase() else {
        throw .ldap(.noBaseDN(namingContexts: try await rootDSE().peopleContexts))
      }
      base = found
    }
    var options = options
    if choosingSchema, options.schema != .activeDirectory,
      case .activeDirectory = try await rootDSE().product
    {
      options.schema = .activeDirectory
    }
    guard base != url.baseDN || options.schema != self.options.schema else { return self }
    return try LDAPDirectory(url: Self.url(servers, base: base), options: options)
  }

  /// The URL of `servers` searched under `base` (with the first server's
  /// scope and filter).
  public static func url(_ servers: [LDAPURL], base: String) -> String {
    let first = servers[0]
    let scope = first.scope.rawValue
    let dn = base.percentEncoded(keeping: URLBytes.isPathByte)
    let filter = first.filter.percentEncoded(keeping: URLBytes.isPathByte)
    return servers.map(\.serverURI).joined(separator: " ") + "/\(dn)??\(scope)?\(filter)"
  }
}
