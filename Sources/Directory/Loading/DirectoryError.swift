import FoundationEssentials
import SharedSupport

/// Why a directory could not be loaded. `errorDescription` is a sentence for
/// the user; the app shows it after "Can't retrieve the directory: ".
///
/// Threading: a plain value; `Sendable`.
public enum DirectoryError: Error, Sendable, Equatable, LocalizedError {
  case fileNotFound(path: String)
  case unreadable(path: String, reason: String)
  /// The top level is valid JSON but neither an array nor an object with
  /// a "people" array.
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

  /// A server's password or token could not be read (the sentence says
  /// where it was looked for; it never holds the secret).
  case passwordUnavailable(String)
  /// What only one kind of directory server says (LDAP, SCIM): its own
  /// error, told in its own sentence.
  case backend(BackendFailure)

  public var errorDescription: String? {
    switch self {
    case .fileNotFound(let path):
      String(filling: tr("No file at %@"), path)
    case .unreadable(let path, let reason):
      String(filling: tr("Could not read %1$@: %2$@"), path, reason)
    case .notAJSONArray:
      tr("The directory is neither a JSON array nor an object with “people”")
    case .malformedJSON(let offset, let reason):
      String(filling: tr("Malformed JSON at byte %1$ld: %2$@"), offset, reason)
    case .unsupportedSource(let source):
      String(filling: tr("“%@” is neither a file nor an http(s) URL"), source)
    case .httpStatus(let status):
      Self.reasonPhrase(status).map {
        String(filling: tr("The server answered HTTP %1$ld (%2$@)"), status, $0)
      } ?? String(filling: tr("The server answered HTTP %ld"), status)
    case .timedOut:
      tr("The server did not answer in time")
    case .network(let reason):
      String(filling: tr("Network error: %@"), reason)
    case .tooLarge(let limit):
      String(filling: tr("The directory is larger than %@"), Self.formatted(bytes: limit))
    case .cancelled:
      tr("Loading was cancelled")
    case .passwordUnavailable(let reason):
      reason
    case .backend(let failure):
      failure.description
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
