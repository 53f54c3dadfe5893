import Directory
import SharedSupport

extension LDAPDirectory {
  /// Whom the server says Roster is signed in as (RFC 4532 "Who am I?"),
  /// as it words it: "dn:uid=ada,ou=people,dc=example,dc=org" for an entry,
  /// "u:ada" for a name it could not map, "" when anonymous; nil when the
  /// server does not answer Who am I? (Active Directory). Connects and
  /// signs in first if needed.
  public func signedInAs() async throws(DirectoryError) -> String? {
    try await connection.run { session, cancel throws(DirectoryError) in
      try session.whoAmI(cancel: cancel)
    }
  }

  /// The Kerberos principal a GSSAPI sign-in authenticated ("ada@REALM",
  /// as SASL names it); nil after any other sign-in. Connects and signs in
  /// first if needed.
  public func signedInPrincipal() async throws(DirectoryError) -> String? {
    guard options.signIn == .kerberos else { return nil }
    return try await connection.run { session, _ throws(DirectoryError) in session.saslUsername }
  }

  /// The username of the person Roster is signed in as, when the server
  /// holds them: the entry Who am I? names (RFC 4532: a Kerberos principal
  /// or certificate mapped to an entry), else the bind DN (Active
  /// Directory answers no Who am I?), read for its username attribute,
  /// else the person among the people whose Kerberos principal signed in
  /// (``person(ofPrincipal:)``); nil when anonymous, or when the identity
  /// names no entry with one.
  public func signedInUsername() async throws(DirectoryError) -> String? {
    var dn: String?
    if let answer = try await signedInAs(), answer.hasPrefix("dn:") {
      dn = String(answer.dropFirst(3))
    }
    if dn == nil, options.signIn == .password, let bindDN = options.bindDN, !bindDN.isEmpty {
      dn = bindDN
    }
    if dn == nil, let principal = try await signedInPrincipal() {
      return try await person(ofPrincipal: principal)
    }
    guard let dn, !dn.isEmpty else { return nil }
    return try await username(atDN: dn)
  }

  /// The username of the one person under the URL's base whose Kerberos
  /// principal is `principal`: on Active Directory's names, its
  /// `userPrincipalName`, or its `sAMAccountName` (the principal's name
  /// before the realm, which is how AD issues tickets); elsewhere, the
  /// username that is that name. Nil when nobody or more than one person is.
  func person(ofPrincipal principal: String) async throws(DirectoryError) -> String? {
    guard let at = principal.lastIndex(of: "@"), at > principal.startIndex else { return nil }
    let name = String(principal[..<at])
    // A service's principal ("ldap/host@REALM") is nobody's.
    guard !name.contains("/") else { return nil }
    let attribute = options.schema.usernameAttribute
    let byName = "(\(attribute)=\(LDAPFilter.escape(name)))"
    let matches =
      attribute.lowercased() == "samaccountname"
      ? "(|(userPrincipalName=\(LDAPFilter.escape(principal)))\(byName))" : byName
    let people = options.schema.peopleFilter(of: url)
    let request = LDAPSearchRequest(
      base: url.baseDN, scope: .sub, filter: "(&\(people)\(matches))", attributes: [attribute])
    let found = try await perform { session, flag throws(DirectoryError) in
      try session.search(request, cancel: flag).entries.compactMap { $0.text(attribute) }
    }
    return found.count == 1 ? found[0] : nil
  }

  /// Whom Roster is signed in as, for people to read: the server's answer
  /// to Who am I? ("dn:uid=ada,…", or "anonymous"); from a server that
  /// does not answer it, the bind DN said to be one ("CN=Administrator,…
  /// (the bind DN; the server does not answer Who am I?)"), "anonymous"
  /// after an anonymous bind, the principal after a Kerberos sign-in
  /// ("ada@REALM (Kerberos; …)"), and "unknown (…)" after a certificate's.
  public func signedInDescription() async throws(DirectoryError) -> String {
    guard let answer = try await signedInAs() else {
      if options.signIn == .password, let bindDN = options.bindDN, !bindDN.isEmpty {
        return String(
          filling: tr("%@ (the bind DN; the server does not answer Who am I?)"), bindDN)
      }
      if let principal = try await signedInPrincipal() {
        return String(
          filling: tr("%@ (Kerberos; the server does not answer Who am I?)"), principal)
      }
      if options.signIn == .password { return tr("anonymous") }
      return tr("unknown (the server does not answer Who am I?)")
    }
    return answer.isEmpty ? tr("anonymous") : answer
  }

  /// Where the people are when the URL names no base DN, as the server
  /// says: Active Directory's domain (`defaultNamingContext`), else a
  /// FreeIPA tree's `cn=users,cn=accounts` (looked for in each naming
  /// context); nil when the root DSE does not tell
  /// (``LDAPRootDSE/peopleContexts`` then are the choices).
  public func discoveredPeopleBase() async throws(DirectoryError) -> String? {
    let root = try await rootDSE()
    if case .activeDirectory = root.product, let domain = root.defaultNamingContext {
      return domain
    }
    for context in root.peopleContexts {
      let users = LDAPSearchRequest(
        base: "cn=users,cn=accounts,\(context)", scope: .base, filter: "(objectClass=*)",
        attributes: ["1.1"])
      do {
        // Found only when this reader sees it (an access control may hide it).
        let found = try await perform { session, flag throws(DirectoryError) in
          !(try session.search(users, cancel: flag).entries.isEmpty)
        }
        if found { return users.base }
      } catch {
        guard case .noSuchBase? = error.ldap else { throw error }
      }
    }
    return nil
  }

  /// Whether the server offers what an offline copy of it follows
  /// (``changeSource(pollInterval:)``): its root DSE lists Content Sync
  /// (RFC 4533; slapd's `syncprov`) or, for Active Directory's names,
  /// DirSync.
  public func offersChanges() async throws(DirectoryError) -> Bool {
    try await supportedControls().contains(
      followsByDirSync ? LDAPDirSync.controlOID : LDAPContentSync.controlOID)
  }

  /// Whether an offline copy follows this directory by DirSync (its names
  /// are Active Directory's: entries named by `objectGUID`) rather than by
  /// Content Sync.
  public var followsByDirSync: Bool {
    LDAPUniqueID.isBinary(options.schema.uniqueIDAttribute)
  }

  /// What an offline copy of these people follows: DirSync asking every
  /// `pollInterval` on Active Directory (and at once after a write made
  /// through this directory), Content Sync elsewhere.
  public func changeSource(pollInterval: Duration = .milliseconds(500)) -> any LDAPChangeSource {
    followsByDirSync
      ? LDAPDirSync(
        servers: servers, options: options, pollInterval: pollInterval, writes: writes)
      : LDAPContentSync(servers: servers, options: options)
  }

  /// Whether this directory reads as an anonymous reader (no bind DN, no
  /// Kerberos, no certificate).
  public var readsAnonymously: Bool { options.signIn == .password && options.bindDN == nil }

  /// Whether `entries` (a sample of the people) show names only: none has
  /// a title, department, location, phone, manager or employee number, as
  /// 389 Directory Server's access controls as installed show anonymous
  /// readers. Signing in may show more.
  public static func showsNamesOnly(_ entries: [DirectoryEntry]) -> Bool {
    !entries.isEmpty
      && entries.allSatisfy { entry in
        let details = entry.details
        return [
          details.title, details.department, details.location, details.phone, details.manager,
          details.employeeNumber,
        ].allSatisfy { $0 == nil }
      }
  }
}
