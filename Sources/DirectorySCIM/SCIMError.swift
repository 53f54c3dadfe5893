import Directory
import FoundationEssentials
import SharedSupport

/// What only a SCIM service says, as ``DirectoryError/backend(_:)`` carries
/// it (``DirectoryError/scim(_:)``). `server` is the origin
/// ("https://host:port"); no case ever carries a token.
///
/// Threading: a plain value; `Sendable`.
public enum SCIMError: BackendError {
  /// The text is not a scim+https:// (or loopback scim+http://) URL.
  case invalidURL(String, reason: String)
  /// The server refused the bearer token (HTTP 401 or 403).
  case tokenRefused(server: String)
  /// TLS could not be set up or the server's certificate was not trusted.
  case tlsFailed(server: String, reason: String)

  public var errorDescription: String? {
    switch self {
    case .invalidURL(let url, let reason):
      String(filling: tr("“%1$@” is not a valid SCIM URL: %2$@"), url, reason)
    case .tokenRefused(let server):
      String(filling: tr("The SCIM server at %@ refused the token"), server)
    case .tlsFailed(let server, let reason):
      String(filling: tr("Could not set up a trusted TLS connection to %1$@: %2$@"), server, reason)
    }
  }
}

extension DirectoryError {
  /// `error`, a SCIM service's, as a directory error.
  public static func scim(_ error: SCIMError) -> DirectoryError { .backend(BackendFailure(error)) }

  /// The SCIM service's error this is, if it is one.
  public var scim: SCIMError? { backendError(SCIMError.self) }
}
