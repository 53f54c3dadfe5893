import CSoup
import GObjectKit
import Glibc

/// Whom an ``HTTPSession``'s TLS trusts: the system's authorities (the
/// default, the store GnuTLS reads), only the ones in a PEM file (a service
/// behind a company's own CA), both, or nobody checked at all (test
/// servers only).
///
/// Threading: a `Sendable` value; the database inside is GIO's, which is
/// thread-safe.
public struct HTTPTrust: Sendable {
  enum Kind: Sendable {
    case system
    case only(AuthorityFile)
    case systemAnd(AuthorityFile)
    case anyone
  }

  let kind: Kind

  /// The system's authorities.
  public static let system = HTTPTrust(kind: .system)
  /// Any certificate: the connection is encrypted but not authenticated.
  public static let anyone = HTTPTrust(kind: .anyone)

  /// Only the authorities in `file`.
  public static func only(_ file: AuthorityFile) -> HTTPTrust { HTTPTrust(kind: .only(file)) }

  /// The system's authorities and the ones in `file`.
  public static func systemAnd(_ file: AuthorityFile) -> HTTPTrust {
    HTTPTrust(kind: .systemAnd(file))
  }
}

/// The certificate authorities in a PEM file, read once.
///
/// Threading: `Sendable`; GIO's TLS databases are thread-safe.
public final class AuthorityFile: @unchecked Sendable {
  /// The largest file read: a bundle of a few hundred certificates.
  public static let maxBytes = 1 << 20

  /// Why a file cannot be used.
  public enum Problem: Error, Sendable, Equatable {
    case tooLarge
    case unreadable(String)
    case noCertificate
  }

  public let path: String
  /// GIO's `GTlsDatabase` over the file.
  private let owned: ObjectRef
  var database: UnsafeMutablePointer<GTlsDatabase> { owned.typed() }

  /// Reads `path`: at most ``maxBytes``, and at least one certificate.
  public init(path: String) throws(Problem) {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw .unreadable(String(cString: strerror(errno)))
    }
    guard status.st_size <= Self.maxBytes else { throw .tooLarge }
    var error: UnsafeMutablePointer<GError>?
    let count = csoup_certificates_in_file(path, &error)
    if let error {
      defer { g_error_free(error) }
      throw .unreadable(String(cString: error.pointee.message))
    }
    guard count > 0 else { throw .noCertificate }
    guard let database = g_tls_file_database_new(path, &error) else {
      defer { g_error_free(error) }
      throw .unreadable(error.map { String(cString: $0.pointee.message) } ?? "")
    }
    self.path = path
    owned = ObjectRef(database, adopt: true, releasedOn: .droppingThread)
  }
}
