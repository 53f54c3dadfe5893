import Directory

/// Several servers of one directory, as libldap takes a list of URLs:
/// separated by spaces, tried in order, "ldap://a:3891 ldap://b:3892".
extension LDAPURL {
  /// The most servers one source may name.
  static let maxServers = 16

  /// Reads one URL or several separated by white space. The search (base
  /// DN, attributes, scope, filter) may be written on one URL or repeated
  /// on each: the URLs without one take it, and two that differ are
  /// refused, since the servers hold the same directory. Commas do not
  /// separate, as libldap's lists allow, because a DN holds them.
  public static func list(_ text: String) throws(DirectoryError) -> [LDAPURL] {
    let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
    guard !parts.isEmpty else { throw .ldap(.invalidURL(text, reason: "it names no server")) }
    guard parts.count <= maxServers else {
      throw .ldap(.invalidURL(text, reason: "it names more than \(maxServers) servers"))
    }
    let urls = try parts.map { part throws(DirectoryError) in try LDAPURL(part) }
    let searches = zip(parts, urls).filter { namesSearch($0.0) }.map(\.1)
    guard let search = searches.first else { return urls }
    guard searches.allSatisfy({ $0.hasSameSearch(as: search) }) else {
      throw .ldap(
        .invalidURL(
          text,
          reason: "its servers name different searches; the base DN, scope and filter must match"))
    }
    return urls.map { url in
      var url = url
      url.baseDN = search.baseDN
      url.attributes = search.attributes
      url.scope = search.scope
      url.filter = search.filter
      return url
    }
  }

  /// Whether `text` (a URL already read) says more than its server.
  private static func namesSearch(_ text: String) -> Bool {
    guard let range = text.firstRange(of: "://") else { return false }
    let rest = text[range.upperBound...]
    guard let slash = rest.firstIndex(of: "/") else { return false }
    return rest.index(after: slash) != rest.endIndex
  }

  private func hasSameSearch(as other: LDAPURL) -> Bool {
    baseDN == other.baseDN && attributes == other.attributes && scope == other.scope
      && filter == other.filter
  }
}
