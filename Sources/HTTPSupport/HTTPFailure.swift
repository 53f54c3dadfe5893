/// Why an exchange failed, in terms a caller can turn into the user's
/// sentence.
///
/// Threading: a `Sendable` value.
public enum HTTPFailure: Error, Sendable, Equatable {
  /// The calling task was cancelled.
  case cancelled
  /// The request's time limit, or the session's I/O timeout, passed.
  case timedOut
  /// The server refused the connection.
  case refused
  /// The proxy the system's settings name for the address refused the
  /// connection; `proxy` is its address ("http://host:port", without any
  /// user name or password).
  case proxyRefused(proxy: String)
  /// The host's name could not be resolved.
  case unknownHost(String)
  /// Not an absolute http(s) address.
  case badURL
  /// The body passed the request's limit.
  case tooLarge
  /// More redirects than the request allows, or a redirect back to an
  /// address already visited.
  case redirectLimit
  /// A redirect with no usable Location, or to a scheme other than http(s).
  case badRedirect
  /// The server's certificate was refused; `problems` says why.
  case certificateRefused(server: String, problems: CertificateProblems)
  /// The TLS handshake failed for another reason (GnuTLS's words).
  case tlsFailed(server: String, reason: String)
  /// A proxy was asked for and failed (GIO's words).
  case proxyFailed(String)
  /// Any other network failure (GIO's or libsoup's words).
  case network(String)
}

/// What was wrong with a refused certificate (GIO's `GTlsCertificateFlags`).
///
/// Threading: a `Sendable` value.
public struct CertificateProblems: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Not signed by an authority the session trusts.
  public static let unknownAuthority = CertificateProblems(rawValue: 1 << 0)
  /// It does not name the host that was asked for.
  public static let wrongHost = CertificateProblems(rawValue: 1 << 1)
  /// Not valid yet.
  public static let notYetValid = CertificateProblems(rawValue: 1 << 2)
  /// Expired.
  public static let expired = CertificateProblems(rawValue: 1 << 3)
  /// Revoked.
  public static let revoked = CertificateProblems(rawValue: 1 << 4)
  /// Signed with an insecure algorithm.
  public static let insecure = CertificateProblems(rawValue: 1 << 5)
  /// Anything else GnuTLS found.
  public static let other = CertificateProblems(rawValue: 1 << 6)
}
