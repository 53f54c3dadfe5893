import Directory
import SharedSupport

/// An LDAP URL (RFC 4516): `ldap[s]://host[:port]/baseDN?attributes?scope?filter`.
///
/// The base DN and filter are percent-decoded; a missing port is 389 for
/// ldap:// and 636 for ldaps://, a missing scope is `sub` (Roster lists
/// people under the base, not the base itself) and a missing filter is
/// `(objectClass=*)`. A critical extension (`!name`) is refused, since Roster
/// cannot honour any.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPURL: Sendable, Hashable {
  /// How far below the base a search reaches.
  public enum Scope: String, Sendable, Hashable {
    case base
    case one
    case sub
  }

  /// True for ldaps:// (TLS from the first byte).
  public var isSecure: Bool
  /// The host name or address, without brackets for IPv6.
  public var host: String
  public var port: Int
  public var baseDN: String
  /// The attributes the URL names; empty when it names none.
  public var attributes: [String]
  public var scope: Scope
  public var filter: String

  /// Reads `text`, or says in one sentence why it is not an LDAP URL.
  public init(_ text: String) throws(DirectoryError) {
    func invalid(_ reason: String) -> DirectoryError { .ldap(.invalidURL(text, reason: reason)) }
    let rest: Substring
    if let range = text.firstRange(of: "://") {
      let scheme = text[..<range.lowerBound].lowercased()
      guard scheme == "ldap" || scheme == "ldaps" else {
        throw invalid("the scheme must be ldap:// or ldaps://")
      }
      isSecure = scheme == "ldaps"
      rest = text[range.upperBound...]
    } else {
      throw invalid("the scheme must be ldap:// or ldaps://")
    }
    let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
    (host, port) = try Self.hostAndPort(rest[..<authorityEnd], secure: isSecure, invalid)
    let path = rest[authorityEnd...]
    guard path.first != "?" else { throw invalid("a “/” must come before the base DN") }
    let parts = path.dropFirst().split(separator: "?", omittingEmptySubsequences: false)
    guard parts.count <= 5 else { throw invalid("it has more than four “?” parts") }
    func part(_ index: Int) throws(DirectoryError) -> String {
      guard index < parts.count else { return "" }
      guard let decoded = Self.percentDecoded(parts[index]) else {
        throw invalid("it has a malformed %-escape")
      }
      return decoded
    }
    baseDN = try part(0)
    attributes = try part(1).split(separator: ",").map { String($0) }
    switch try part(2).lowercased() {
    case "", "sub": scope = .sub
    case "one": scope = .one
    case "base": scope = .base
    case let other: throw invalid("the scope “\(other)” is not base, one or sub")
    }
    let filterText = try part(3)
    filter = filterText.isEmpty ? "(objectClass=*)" : filterText
    guard filter.first == "(", filter.last == ")" else {
      throw invalid("the filter must be in parentheses")
    }
    let extensions = try part(4)
    if extensions.split(separator: ",").contains(where: { $0.hasPrefix("!") }) {
      throw invalid("it asks for a critical extension Roster does not support")
    }
  }

  /// The server part alone, as libldap connects to it: "ldap://host:port".
  public var serverURI: String {
    "\(isSecure ? "ldaps" : "ldap")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
  }

  /// "host:port", as errors name the server.
  public var server: String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }

  /// True for addresses that never leave this machine, where a password in
  /// clear text cannot be overheard (``LoopbackHost``: by the address, not
  /// by how the name begins).
  public var isLoopback: Bool { LoopbackHost.contains(host) }

  private static func hostAndPort(
    _ authority: Substring, secure: Bool, _ invalid: (String) -> DirectoryError
  ) throws(DirectoryError) -> (String, Int) {
    let defaultPort = secure ? 636 : 389
    var host = authority
    var portText: Substring?
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else {
        throw invalid("the IPv6 address has no closing “]”")
      }
      host = authority[authority.index(after: authority.startIndex)..<close]
      let after = authority[authority.index(after: close)...]
      if !after.isEmpty {
        guard after.first == ":" else { throw invalid("unexpected text after the IPv6 address") }
        portText = after.dropFirst()
      }
    } else if let colon = authority.lastIndex(of: ":") {
      host = authority[..<colon]
      portText = authority[authority.index(after: colon)...]
    }
    guard !host.isEmpty else { throw invalid("it names no host") }
    guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._:".contains($0) }) else {
      throw invalid("the host “\(host)” has characters a host name cannot have")
    }
    guard let portText else { return (String(host), defaultPort) }
    guard let port = Int(portText), (1...65535).contains(port) else {
      throw invalid("the port “\(portText)” is not a number from 1 to 65535")
    }
    return (String(host), port)
  }

  /// `text` with %XX escapes decoded as UTF-8; nil for a broken escape.
  static func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue),
        let low = iterator.next().flatMap(hexValue)
      else { return nil }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
