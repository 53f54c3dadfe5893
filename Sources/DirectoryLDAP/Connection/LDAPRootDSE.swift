import Directory
import SharedSupport

/// What a directory server says about itself in its root DSE (RFC 4512
/// §5.1), read once per directory: its name and version, the controls,
/// extensions and sign-in mechanisms it offers, and the naming contexts
/// it holds. Roster reads it instead of assuming: the server's name for
/// `roster check`, whether virtual list view, Content Sync or DirSync can
/// be asked for.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPRootDSE: Sendable, Equatable {
  /// The attributes asked for. `+` brings the operational ones on servers
  /// that list none unless asked (OpenLDAP); the rest are named because
  /// some servers (Active Directory) give only what is named.
  static let attributes = [
    "+", "objectClass", "vendorName", "vendorVersion", "supportedControl",
    "supportedExtension", "supportedSASLMechanisms", "supportedCapabilities", "namingContexts",
    "defaultNamingContext", "dnsHostName",
  ]

  /// Active Directory's capability "this is Active Directory"
  /// (LDAP_CAP_ACTIVE_DIRECTORY_OID), listed by Windows and Samba alike.
  public static let activeDirectoryCapability = "1.2.840.113556.1.4.800"

  public var vendorName: String?
  public var vendorVersion: String?
  public var objectClasses: [String] = []
  public var supportedControls: Set<String> = []
  public var supportedExtensions: Set<String> = []
  public var saslMechanisms: [String] = []
  public var capabilities: Set<String> = []
  public var namingContexts: [String] = []
  /// Active Directory's domain (`DC=example,DC=org`).
  public var defaultNamingContext: String?
  public var dnsHostName: String?

  /// A root DSE of these values.
  public init(
    vendorName: String? = nil, vendorVersion: String? = nil, objectClasses: [String] = [],
    supportedControls: Set<String> = [], supportedExtensions: Set<String> = [],
    saslMechanisms: [String] = [], capabilities: Set<String> = [], namingContexts: [String] = [],
    defaultNamingContext: String? = nil, dnsHostName: String? = nil
  ) {
    self.vendorName = vendorName
    self.vendorVersion = vendorVersion
    self.objectClasses = objectClasses
    self.supportedControls = supportedControls
    self.supportedExtensions = supportedExtensions
    self.saslMechanisms = saslMechanisms
    self.capabilities = capabilities
    self.namingContexts = namingContexts
    self.defaultNamingContext = defaultNamingContext
    self.dnsHostName = dnsHostName
  }

  /// The root DSE in `entry` (nil: an empty one, from a server that
  /// refuses to show it).
  init(_ entry: LDAPRawEntry?) {
    func strings(_ name: String) -> [String] {
      entry?.values(name).map { String(decoding: $0, as: UTF8.self) } ?? []
    }
    self.init(
      vendorName: strings("vendorName").first, vendorVersion: strings("vendorVersion").first,
      objectClasses: strings("objectClass"), supportedControls: Set(strings("supportedControl")),
      supportedExtensions: Set(strings("supportedExtension")),
      saslMechanisms: strings("supportedSASLMechanisms"),
      capabilities: Set(strings("supportedCapabilities")),
      namingContexts: strings("namingContexts"),
      defaultNamingContext: strings("defaultNamingContext").first,
      dnsHostName: strings("dnsHostName").first)
  }

  /// Which server this is, as far as its root DSE tells.
  public enum Product: Sendable, Equatable {
    /// Active Directory, on Windows or Samba (`samba` holds Samba's
    /// version, "4.17").
    case activeDirectory(samba: String?)
    /// 389 Directory Server (FreeIPA's, Red Hat's), with its version ("2.3.1").
    case directoryServer389(version: String?)
    case openLDAP
    /// Another server, by the name it gives, if any.
    case other(String?)
  }

  public var product: Product {
    let vendor = vendorName ?? ""
    if capabilities.contains(Self.activeDirectoryCapability) {
      return .activeDirectory(
        samba: vendor.hasPrefix("Samba") ? vendorVersion.map(Self.release) : nil)
    }
    if vendor.hasPrefix("389 Project") || (vendorVersion ?? "").hasPrefix("389-Directory/") {
      let version = vendorVersion?.split(separator: "/").dropFirst().first
        .map { String($0.prefix(while: { $0 != " " })) }
      return .directoryServer389(version: version)
    }
    if objectClasses.contains(where: {
      $0.lowercased() == "openldaprootdse"
    }) {
      return .openLDAP
    }
    return .other(vendorName.map { name in vendorVersion.map { "\(name) \($0)" } ?? name })
  }

  /// The naming context (the root of a tree the server holds) that `dn`
  /// lies in: the longest of `namingContexts` and `defaultNamingContext`
  /// that is `dn` or ends it, compared without case or the spaces around
  /// commas; nil when none does.
  public func namingContext(holding dn: String) -> String? {
    let name = Self.comparable(dn)
    let contexts = namingContexts + (defaultNamingContext.map { [$0] } ?? [])
    return
      contexts
      .filter { !$0.isEmpty }
      .filter { name == Self.comparable($0) || name.hasSuffix("," + Self.comparable($0)) }
      .max { $0.count < $1.count }
  }

  /// `dn` lower-cased, without spaces around its commas.
  private static func comparable(_ dn: String) -> String {
    dn.lowercased().split(separator: ",", omittingEmptySubsequences: false)
      .map { part in
        String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      }
      .joined(separator: ",")
  }

  /// The naming contexts that may hold people: all but the ones that hold
  /// the server's own configuration (`cn=config`, Active Directory's
  /// `CN=Configuration` and schema, 389's `o=netscaperoot`, FreeIPA's
  /// certificate authority `o=ipaca`).
  public var peopleContexts: [String] {
    namingContexts.filter { context in
      let name = Self.comparable(context)
      return !["cn=config", "o=netscaperoot", "o=ipaca"].contains(name)
        && !name.hasPrefix("cn=configuration,") && !name.hasPrefix("cn=schema,")
    }
  }

  /// The server's name for people to read: "Active Directory (Samba
  /// 4.17)", "389 Directory Server 2.3.1", "OpenLDAP", the vendor's own
  /// words, or "an LDAP server" when the root DSE says nothing.
  public var serverName: String {
    switch product {
    case .activeDirectory(let samba?): String(filling: tr("Active Directory (Samba %@)"), samba)
    case .activeDirectory(nil): tr("Active Directory")
    case .directoryServer389(let version?): String(filling: tr("389 Directory Server %@"), version)
    case .directoryServer389(nil): tr("389 Directory Server")
    case .openLDAP: "OpenLDAP"
    case .other(let name?): name
    case .other(nil): tr("an LDAP server")
    }
  }

  /// The controls Roster uses that the server lists, by name, in a fixed
  /// order ("sort", "virtual list view", "paged results", "Content Sync",
  /// "DirSync", "change notification").
  public var offeredFeatures: [String] {
    Self.features.filter { supportedControls.contains($0.oid) }.map(\.name)
  }

  /// The controls Roster uses, and what it calls them.
  static let features: [(oid: String, name: String)] = [
    ("1.2.840.113556.1.4.473", "sort"), ("2.16.840.1.113730.3.4.9", "virtual list view"),
    ("1.2.840.113556.1.4.319", "paged results"), ("1.3.6.1.4.1.4203.1.9.1.1", "Content Sync"),
    ("1.2.840.113556.1.4.841", "DirSync"), ("1.2.840.113556.1.4.528", "change notification"),
  ]

  /// "4.17.12-Debian" → "4.17": a release's major and minor version.
  static func release(_ version: String) -> String {
    version.split(separator: ".").prefix(2).joined(separator: ".")
  }
}
