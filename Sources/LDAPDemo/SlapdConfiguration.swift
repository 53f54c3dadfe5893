import Foundation

/// What a throwaway slapd serves and how: its suffix, the administrator it
/// loads data as, whether it offers server-side sort + virtual list view
/// (the `sssvlv` overlay), whether it keeps memberOf (the `memberof` and
/// `refint` overlays) and TLS. `text(directory:)` renders slapd.conf.
///
/// Threading: a plain value; `Sendable`.
public struct SlapdConfiguration: Sendable {
  /// A certificate and key for ldaps:// and StartTLS (PEM files).
  public struct TLSFiles: Sendable {
    public var certificate: URL
    public var key: URL

    public init(certificate: URL, key: URL) {
      self.certificate = certificate
      self.key = key
    }
  }

  /// SASL sign-in: Kerberos (GSSAPI) for the service `ldap/host` in
  /// `realm`, and how a SASL identity (a principal, a certificate's
  /// subject) maps to an entry.
  public struct SASL: Sendable {
    /// One `authz-regexp` rule: an identity matching `pattern` is the entry
    /// `replacement` names ($1 for the first group).
    public struct Mapping: Sendable {
      public var pattern: String
      public var replacement: String

      public init(_ pattern: String, to replacement: String) {
        self.pattern = pattern
        self.replacement = replacement
      }
    }

    /// The Kerberos realm (nil: no Kerberos).
    public var realm: String?
    /// The host name of the service principal, `ldap/host@REALM`.
    public var host: String?
    public var mappings: [Mapping]
    /// slapd's `sasl-secprops` ("maxssf=0": no security layer offered);
    /// nil: slapd's defaults.
    public var securityProperties: String?

    public init(
      realm: String? = nil, host: String? = nil, mappings: [Mapping],
      securityProperties: String? = nil
    ) {
      self.realm = realm
      self.host = host
      self.mappings = mappings
      self.securityProperties = securityProperties
    }
  }

  /// The top of the tree, "dc=example,dc=org".
  public var suffix = "dc=example,dc=org"
  /// The administrator; it may bind with `rootPassword` (tests of a wrong
  /// password bind as it).
  public var rootDN: String { "cn=admin,\(suffix)" }
  public var rootPassword: String
  /// Load the `sssvlv` overlay: without it the server has neither
  /// server-side sort nor virtual list view, only Paged Results.
  public var virtualListView = true
  /// Load the `memberof` overlay (groupOfNames' `member` -> `memberOf`,
  /// with `memberof-refint TRUE`) and `refint` for `member` and `manager`:
  /// memberOf is then kept for groups added or changed while the server
  /// runs (slapadd runs no overlay), and renamed or deleted people leave no
  /// dangling member or manager.
  public var memberOf = true
  public var tls: TLSFiles?
  /// With ``tls``: ask every client for a certificate signed by this
  /// authority (PEM), and refuse a client without one.
  public var clientCertificateAuthority: URL?
  public var sasl: SASL?
  /// Load the `syncprov` overlay: Content Sync (RFC 4533) for clients that
  /// keep a copy, with a session log of recent changes (a cookie within it
  /// is answered with a delete phase, an older one with a present phase).
  public var contentSync = false
  /// With ``contentSync``: no session log, and `syncprov-reloadhint`, so a
  /// cookie older than every entry of the database is answered
  /// e-syncRefreshRequired (the client must fetch everyone again) rather
  /// than with a present phase.
  public var contentSyncRefusesStaleCookies = false
  /// With ``contentSync``: the soft size limit of plain searches (500)
  /// holds for a consumer's refresh too, as on a server configured with
  /// `sizelimit size.soft=500 size.prtotal=unlimited` alone: a refresh of
  /// more people stops with sizeLimitExceeded, where Paged Results go on.
  public var contentSyncHonoursSizeLimit = false
  /// The soft size limit of plain searches (500) holds for Paged Results
  /// too: a paged read stops after 500 entries in all, as on a server
  /// configured with `sizelimit size.soft=500` alone.
  public var pagedResultsHonourSizeLimit = false
  /// With ``virtualListView``: the most sort keys a search may carry
  /// (`sssvlv-maxkeys`); past them slapd answers "unwilling to perform"
  /// (53). 1 is what Active Directory takes.
  public var maxSortKeys = 3
  /// Who may change what, when people write to the directory: each person
  /// their own ``Editing/ownAttributes`` (bound as themselves, with their
  /// `userPassword`), each of ``Editing/editors`` every attribute; nil:
  /// everyone reads everything and only the administrator writes.
  public var editing: Editing?
  /// slapd's environment besides the caller's (KRB5_KTNAME: the keytab
  /// of its Kerberos service; KRB5_CONFIG).
  public var environment: [String: String] = [:]

  /// The access rules of a directory people write to (``editing``).
  ///
  /// Threading: a plain value; `Sendable`.
  public struct Editing: Sendable {
    /// The attributes each person may change in their own entry.
    public var ownAttributes: [String]
    /// The DNs that may change every attribute of every entry.
    public var editors: [String]
    /// With a value, the password policy overlay (ppolicy) refuses a new
    /// password shorter than it, its policy the entry
    /// ``passwordPolicyDN(suffix:)`` (added once the server runs).
    public var passwordMinimumLength: Int?

    public init(
      ownAttributes: [String] = ["telephoneNumber", "mobile", "roomNumber", "title", "jpegPhoto"],
      editors: [String] = [], passwordMinimumLength: Int? = nil
    ) {
      self.ownAttributes = ownAttributes
      self.editors = editors
      self.passwordMinimumLength = passwordMinimumLength
    }

    /// The default password policy's entry under `suffix`.
    public static func passwordPolicyDN(suffix: String) -> String { "cn=passwords,\(suffix)" }

    /// The policy entry for ``passwordMinimumLength`` under `suffix`, as
    /// LDIF for ldapadd; nil without one.
    public func passwordPolicy(suffix: String) -> String? {
      passwordMinimumLength.map { minimum in
        """
        dn: \(Self.passwordPolicyDN(suffix: suffix))
        objectClass: organizationalRole
        objectClass: pwdPolicy
        cn: passwords
        pwdAttribute: userPassword
        pwdMinLength: \(minimum)
        pwdCheckQuality: 2

        """
      }
    }

    /// slapd's access lines: passwords only for signing in (and their
    /// owner), then the own attributes, then the rest.
    var accessLines: [String] {
      let editors = self.editors.map { "by dn.exact=\"\($0)\" write" }.joined(separator: " ")
      let writers = editors.isEmpty ? "" : editors + " "
      return [
        "access to attrs=userPassword \(writers)by self write by anonymous auth by * none",
        "access to attrs=\(ownAttributes.joined(separator: ",")) \(writers)by self write by * read",
        "access to * \(writers)by * read",
      ]
    }
  }

  /// A configuration with `rootPassword` for the administrator.
  public init(
    rootPassword: String, virtualListView: Bool = true, memberOf: Bool = true,
    tls: TLSFiles? = nil
  ) {
    self.rootPassword = rootPassword
    self.virtualListView = virtualListView
    self.memberOf = memberOf
    self.tls = tls
  }

  /// slapd.conf for a database in `directory`/db.
  public func text(directory: URL) -> String {
    var lines = [
      "include /etc/ldap/schema/core.schema",
      "include /etc/ldap/schema/cosine.schema",
      "include /etc/ldap/schema/inetorgperson.schema",
      "pidfile \(directory.path)/slapd.pid",
      "argsfile \(directory.path)/slapd.args",
      "modulepath /usr/lib/ldap",
      "moduleload back_mdb",
      // Substring keys of 3 bytes, so a search for 3 letters (the shortest
      // the overview searches) reads the index instead of every entry.
      "index_substr_any_len 3",
    ]
    if virtualListView { lines.append("moduleload sssvlv") }
    if memberOf { lines += ["moduleload memberof", "moduleload refint"] }
    if contentSync { lines.append("moduleload syncprov") }
    if editing?.passwordMinimumLength != nil { lines.append("moduleload ppolicy") }
    if let tls {
      lines += [
        "TLSCertificateFile \(tls.certificate.path)",
        "TLSCertificateKeyFile \(tls.key.path)",
      ]
    }
    if let authority = clientCertificateAuthority {
      lines += ["TLSCACertificateFile \(authority.path)", "TLSVerifyClient demand"]
    }
    if let sasl {
      if let realm = sasl.realm { lines.append("sasl-realm \(realm)") }
      if let host = sasl.host { lines.append("sasl-host \(host)") }
      if let properties = sasl.securityProperties { lines.append("sasl-secprops \(properties)") }
      for mapping in sasl.mappings {
        lines.append("authz-regexp \"\(mapping.pattern)\" \"\(mapping.replacement)\"")
      }
    }
    lines += [
      "database mdb",
      // The default map size (10 MiB) is too small for large demo directories:
      // a million people with 96 px photos take 3.9 GiB. The file is sparse.
      "maxsize 34359738368",
      "suffix \"\(suffix)\"",
      "rootdn \"\(rootDN)\"",
      "rootpw \(rootPassword)",
      "directory \(directory.path)/db",
      // A throwaway database: no flush to disk after each write (the
      // memberof overlay writes every member of every group added).
      "dbnosync",
      "index objectClass eq",
      "index uid eq,sub",
      // The window's and the overview's search: (|(uid=*x*)(displayName=*x*)).
      "index displayName sub",
      // Without prtotal=unlimited, Paged Results stop at the soft limit.
      pagedResultsHonourSizeLimit
        ? "sizelimit size.soft=500" : "sizelimit size.soft=500 size.prtotal=unlimited",
    ]
    lines += editing?.accessLines ?? ["access to * by * read"]
    if editing?.passwordMinimumLength != nil {
      lines += [
        "overlay ppolicy",
        "ppolicy_default \"\(Editing.passwordPolicyDN(suffix: suffix))\"",
      ]
    }
    if memberOf {
      lines += [
        "index member,manager,memberOf eq",
        "overlay memberof",
        "memberof-group-oc groupOfNames",
        "memberof-member-ad member",
        "memberof-memberof-ad memberOf",
        "memberof-refint TRUE",
        "overlay refint",
        "refint_attributes member manager",
      ]
    }
    if contentSync {
      if !contentSyncHonoursSizeLimit {
        // A copy reads everyone in one search: the soft limit above is for
        // plain searches, not for a consumer's refresh.
        lines.append("limits * size.soft=unlimited size.hard=unlimited")
      }
      lines += ["index entryCSN,entryUUID eq", "overlay syncprov", "syncprov-checkpoint 100 1"]
      lines.append(
        contentSyncRefusesStaleCookies ? "syncprov-reloadhint TRUE" : "syncprov-sessionlog 1000")
    }
    if virtualListView {
      lines += [
        "overlay sssvlv", "sssvlv-max 16", "sssvlv-maxkeys \(maxSortKeys)", "sssvlv-maxperconn 8",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
