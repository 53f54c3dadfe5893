import Directory
import Foundation
import SharedSupport

/// A directory the user connected to through the Connect dialog, as
/// settings.json remembers it: its kind and where it is, never its password
/// or token (those are in the keyring, under ``id``).
///
/// Threading: a plain `Sendable` value.
public struct RememberedDirectory: Codable, Equatable, Sendable, Identifiable {
  /// How the directory is read.
  public enum Kind: String, Codable, CaseIterable, Sendable {
    case jsonFile
    case jsonURL
    case ldap
    case scim

    /// The name the dialog's kind chooser shows.
    public var title: String {
      switch self {
      case .jsonFile: tr("JSON file")
      case .jsonURL: tr("JSON URL")
      case .ldap: "LDAP"
      case .scim: "SCIM"
      }
    }
  }

  /// One field of the dialog, named in validation problems.
  public enum Field: String, Sendable, CaseIterable {
    case location
    case baseDN
    case filter
    case bindDN
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
  /// LDAP: whom to bind as (empty: anonymous).
  public var bindDN = ""

  /// A new directory of `kind` at `location`, with a fresh id.
  public init(kind: Kind, location: String) {
    id = UUID().uuidString
    self.kind = kind
    self.location = location
  }

  /// Whether connecting needs a password or token.
  public var needsSecret: Bool {
    switch kind {
    case .jsonFile, .jsonURL: false
    case .ldap: !bindDN.isEmpty
    case .scim: true
    }
  }

  /// What the menu shows: "LDAP · ldap://127.0.0.1:3890".
  public var title: String {
    let place = kind == .jsonFile ? (location as NSString).lastPathComponent : location
    return "\(kind.title) · \(place)"
  }

  /// The `--source` form of this directory: an LDAP URL carries the base DN
  /// and filter (RFC 4516), percent-encoded.
  public var sourceArgument: String {
    guard kind == .ldap, !baseDN.isEmpty || !filter.isEmpty else {
      return location.trimmingCharacters(in: .whitespaces)
    }
    var server = location.trimmingCharacters(in: .whitespaces)
    if let scheme = server.range(of: "://"),
      let path = server[scheme.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" })
    {
      server = String(server[..<path])
    }
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?%")
    let dn = baseDN.addingPercentEncoding(withAllowedCharacters: allowed) ?? baseDN
    let query = filter.addingPercentEncoding(withAllowedCharacters: allowed) ?? filter
    return "\(server)/\(dn)??sub?\(query)"
  }

  /// What is wrong with the fields, one reason per field; empty when the
  /// directory can be tried. `secret` is what the dialog's secret field holds.
  public func problems(secret: String) -> [Field: String] {
    var problems: [Field: String] = [:]
    let location = location.trimmingCharacters(in: .whitespaces)
    switch kind {
    case .jsonFile:
      if location.isEmpty {
        problems[.location] = tr("Choose a users.json file")
      } else if !FileManager.default.isReadableFile(atPath: location) {
        problems[.location] = tr("No readable file at this path")
      }
    case .jsonURL:
      if !Self.isWebURL(location) { problems[.location] = tr("Enter an http:// or https:// URL") }
    case .ldap:
      let lowered = location.lowercased()
      if !(lowered.hasPrefix("ldap://") || lowered.hasPrefix("ldaps://")) {
        problems[.location] = tr("Enter an ldap:// or ldaps:// URL")
      }
      if !filter.isEmpty, !(filter.hasPrefix("(") && filter.hasSuffix(")")) {
        problems[.filter] = tr("A filter is written in parentheses, like (objectClass=person)")
      }
      if !baseDN.isEmpty, !baseDN.contains("=") {
        problems[.baseDN] = tr("A DN names attributes, like ou=people,dc=example,dc=org")
      }
      if !bindDN.isEmpty, !bindDN.contains("=") {
        problems[.bindDN] = tr("A DN names attributes, like cn=admin,dc=example,dc=org")
      }
    case .scim:
      let lowered = location.lowercased()
      if !(lowered.hasPrefix("scim+http://") || lowered.hasPrefix("scim+https://")) {
        problems[.location] = tr("Enter a scim+https:// (or scim+http:// on this machine) URL")
      }
    }
    if needsSecret, secret.isEmpty {
      problems[.secret] = kind == .scim ? tr("Enter the bearer token") : tr("Enter the password")
    }
    return problems
  }

  private static func isWebURL(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
    return (scheme == "http" || scheme == "https") && !(url.host ?? "").isEmpty
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
