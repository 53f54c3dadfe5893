import Directory
import FoundationEssentials
import SharedSupport

/// Where a SCIM service lives, read from `scim+https://host[:port]/path`
/// (or `scim+http://` to this machine only: a token must not cross a
/// network in the clear).
///
/// Threading: a plain value; `Sendable`.
public struct SCIMURL: Sendable, Hashable {
  /// The service's base, without the `scim+` and without a trailing slash
  /// ("https://host/scim/v2").
  public let base: String
  /// "https" or "http".
  public let scheme: String
  public let host: String
  public let port: Int

  /// Reads `text`; throws `SCIMError.invalidURL` with the reason.
  public init(_ text: String) throws(DirectoryError) {
    let trimmed = text.trimmed
    let lowered = trimmed.lowercased()
    guard lowered.hasPrefix("scim+https://") || lowered.hasPrefix("scim+http://") else {
      throw .scim(.invalidURL(text, reason: "it must start with scim+https:// (or scim+http://)"))
    }
    guard let components = URLComponents(string: String(trimmed.dropFirst("scim+".count))),
      let host = components.host, !host.isEmpty
    else { throw .scim(.invalidURL(text, reason: "it names no host")) }
    guard components.query == nil, components.fragment == nil, components.user == nil else {
      throw .scim(.invalidURL(text, reason: "it must not carry a query, fragment or user name"))
    }
    let scheme = components.scheme?.lowercased() ?? "https"
    guard scheme == "https" || Self.isLoopback(host) else {
      throw .scim(
        .invalidURL(
          text,
          reason: "scim+http:// is only for this machine (the token would travel in the clear)"))
    }
    self.scheme = scheme
    self.host = host.lowercased()
    port = components.port ?? (scheme == "https" ? 443 : 80)
    var path = components.percentEncodedPath
    while path.hasSuffix("/") { path.removeLast() }
    let authority = host.contains(":") ? "[\(host)]" : host
    base = "\(scheme)://\(authority)\(components.port.map { ":\($0)" } ?? "")\(path)"
  }

  /// "https://host:port": what the bearer token is bound to.
  public var origin: String { Self.origin(scheme: scheme, host: host, port: port) }

  /// Whether `url` is on this service's origin (scheme, host and port
  /// alike), so it may be sent the token.
  func isSameOrigin(_ url: URL) -> Bool {
    Self.origin(of: url) == origin
  }

  /// "scheme://host:port" of any address (nil without a scheme or host).
  static func origin(of url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
      return nil
    }
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return origin(scheme: scheme, host: host, port: port)
  }

  private static func origin(scheme: String, host: String, port: Int) -> String {
    "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
  }

  /// 127.0.0.0/8, ::1 and localhost, by the address (``LoopbackHost``).
  static func isLoopback(_ host: String) -> Bool { LoopbackHost.contains(host) }
}
