import Foundation
import SharedSupport

/// Why a directory could not be loaded. `errorDescription` is a sentence for
/// the user; the app shows it after "Can't retrieve the directory: ".
///
/// Threading: a plain value; `Sendable`.
public enum DirectoryError: Error, Sendable, Equatable, LocalizedError {
  case fileNotFound(path: String)
  case unreadable(path: String, reason: String)
  /// The top level is valid JSON but not an array.
  case notAJSONArray
  /// The bytes are not valid JSON; `offset` is where reading stopped.
  case malformedJSON(offset: Int, reason: String)
  /// The source argument is neither a file nor an http(s) URL.
  case unsupportedSource(String)
  /// The server answered with a status outside 200...299.
  case httpStatus(Int)
  case timedOut
  case network(String)
  /// The directory is bigger than the loader's byte limit.
  case tooLarge(limit: Int)
  /// The task that asked for the directory was cancelled.
  case cancelled

  // Directory servers (LDAP). `server` is "host:port"; no case ever carries
  // a password.
  /// The text is not an ldap:// or ldaps:// URL Roster can read.
  case invalidLDAPURL(String, reason: String)
  /// Nothing answered at the server's address (refused, unreachable, no route).
  case cannotConnect(server: String)
  /// The server refused the bind DN or its password (LDAP result 49).
  case credentialsRefused(bindDN: String)
  /// TLS could not be set up or the server's certificate was not trusted.
  case tlsFailed(server: String, reason: String)
  /// A password would travel unencrypted to a host that is not this machine.
  case plaintextPasswordRefused(server: String)
  /// The sort attribute has no ordering rule on the server (LDAP result 18).
  case noOrderingRule(attribute: String)
  /// The server stopped at its size limit (LDAP result 4).
  case sizeLimitExceeded
  /// The server stopped at its time limit (LDAP result 3).
  case timeLimitExceeded
  /// The search base does not exist on the server (LDAP result 32).
  case noSuchBase(String)
  /// The connection dropped and the server could not be reached again.
  case serverGone(server: String)
  /// The server kept answering "busy" (LDAP result 51) after retries.
  case serverBusy(server: String)
  /// Any other LDAP result code, with the server's own message.
  case ldapResult(code: Int, message: String)
  /// A bind DN was given but no password could be read (the sentence says
  /// where it was looked for; it never holds the password).
  case passwordUnavailable(String)

  // SCIM servers. `server` is the origin ("https://host:port"); no case
  // ever carries a token.
  /// The text is not a scim+https:// (or loopback scim+http://) URL.
  case invalidSCIMURL(String, reason: String)
  /// The server refused the bearer token (HTTP 401 or 403).
  case tokenRefused(server: String)

  public var errorDescription: String? {
    switch self {
    case .fileNotFound(let path):
      String(format: tr("No file at %@"), path)
    case .unreadable(let path, let reason):
      String(format: tr("Could not read %1$@: %2$@"), path, reason)
    case .notAJSONArray:
      tr("The directory is not a JSON array")
    case .malformedJSON(let offset, let reason):
      String(format: tr("Malformed JSON at byte %1$ld: %2$@"), offset, reason)
    case .unsupportedSource(let source):
      String(format: tr("“%@” is neither a file nor an http(s) URL"), source)
    case .httpStatus(let status):
      Self.reasonPhrase(status).map {
        String(format: tr("The server answered HTTP %1$ld (%2$@)"), status, $0)
      } ?? String(format: tr("The server answered HTTP %ld"), status)
    case .timedOut:
      tr("The server did not answer in time")
    case .network(let reason):
      String(format: tr("Network error: %@"), reason)
    case .tooLarge(let limit):
      String(format: tr("The directory is larger than %@"), Self.formatted(bytes: limit))
    case .cancelled:
      tr("Loading was cancelled")
    case .passwordUnavailable(let reason):
      reason
    case .invalidSCIMURL(let url, let reason):
      String(format: tr("“%1$@” is not a valid SCIM URL: %2$@"), url, reason)
    case .tokenRefused(let server):
      String(format: tr("The SCIM server at %@ refused the token"), server)
    case .invalidLDAPURL(let url, let reason):
      String(format: tr("“%1$@” is not a valid LDAP URL: %2$@"), url, reason)
    case .cannotConnect(let server):
      String(format: tr("Could not connect to the directory server at %@"), server)
    case .credentialsRefused(let bindDN):
      String(format: tr("The directory server refused the password for “%@”"), bindDN)
    case .tlsFailed(let server, let reason):
      String(format: tr("Could not set up a trusted TLS connection to %1$@: %2$@"), server, reason)
    case .plaintextPasswordRefused(let server):
      String(
        format: tr("Refusing to send a password unencrypted to %@: use ldaps:// or StartTLS"),
        server)
    case .noOrderingRule(let attribute):
      String(
        format: tr("The directory server cannot sort by “%@”: the attribute has no ordering rule"),
        attribute)
    case .sizeLimitExceeded:
      tr("The directory server stopped at its size limit")
    case .timeLimitExceeded:
      tr("The directory server stopped at its time limit")
    case .noSuchBase(let base):
      String(format: tr("The directory server has no entry “%@” to search under"), base)
    case .serverGone(let server):
      String(format: tr("The connection to the directory server at %@ was lost"), server)
    case .serverBusy(let server):
      String(format: tr("The directory server at %@ stayed busy"), server)
    case .ldapResult(let code, let message):
      message.isEmpty
        ? String(format: tr("The directory server answered LDAP error %ld"), code)
        : String(format: tr("The directory server answered LDAP error %1$ld: %2$@"), code, message)
    }
  }

  private static func reasonPhrase(_ status: Int) -> String? {
    switch status {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 408: "Request Timeout"
    case 410: "Gone"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: nil
    }
  }

  private static func formatted(bytes: Int) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
