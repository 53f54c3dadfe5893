import Directory
import HTTPSupport
import SharedSupport

/// Whom a SCIM client's TLS trusts, made once from ``SCIMOptions``: the
/// system's authorities, or the ones in `caFile` (a service behind a
/// company's own CA), or nobody checked at all (`insecureTLS`, test servers
/// only). Also turns a refused certificate into a sentence naming the
/// authority that was expected.
///
/// Threading: a `Sendable` value, made before the sessions and read by them.
struct SCIMTrust: Sendable {
  /// For the service itself: only `caFile`'s authorities when given.
  let api: HTTPTrust
  /// For photos on other hosts: the system's authorities and `caFile`'s.
  let photos: HTTPTrust
  /// "the authority in FILE" or "a trusted authority", for errors.
  let authority: String

  /// Throws `.unreadable` when `caFile` cannot be read or holds no
  /// certificate: a wrong path says so at once, not at the first request.
  init(options: SCIMOptions) throws(DirectoryError) {
    if options.insecureTLS {
      api = .anyone
      photos = .anyone
    } else if let path = options.caFile {
      let file = try Self.authorities(at: path)
      api = .only(file)
      photos = .systemAnd(file)
    } else {
      api = .system
      photos = .system
    }
    authority =
      options.caFile.map { String(filling: tr("the authority in %@"), $0) }
      ?? tr("a trusted authority")
  }

  /// The authorities of the PEM file at `path` (bounded; at least one).
  private static func authorities(at path: String) throws(DirectoryError) -> AuthorityFile {
    _ = try FileReader.read(path: path, maxBytes: AuthorityFile.maxBytes)
    do {
      return try AuthorityFile(path: path)
    } catch {
      throw .unreadable(path: path, reason: "it holds no PEM certificate")
    }
  }

  /// `failure` as a TLS failure with `server` ("https://host:port"), or nil
  /// when it is not about TLS. GnuTLS's words are not for people: a
  /// refused certificate says what was wrong with it instead.
  func failure(_ failure: HTTPFailure, server: String) -> DirectoryError? {
    switch failure {
    case .certificateRefused(_, let problems):
      let reason =
        if problems.contains(.unknownAuthority) {
          String(filling: tr("its certificate is not signed by %@"), authority)
        } else if problems.contains(.wrongHost) {
          tr("its certificate does not name this host")
        } else if problems.contains(.expired) {
          tr("its certificate has expired")
        } else if problems.contains(.notYetValid) {
          tr("its certificate is not valid yet")
        } else {
          tr("its certificate was refused")
        }
      return .scim(.tlsFailed(server: server, reason: reason))
    case .tlsFailed(_, let words):
      return .scim(
        .tlsFailed(server: server, reason: String(filling: tr("the handshake failed (%@)"), words)))
    default:
      return nil
    }
  }
}
