import Directory
import NIOSSL
import SharedSupport

/// Whom a SCIM client's TLS trusts, made once from ``SCIMOptions``: the
/// system's authorities, or the ones in `caFile` (a service behind a
/// company's own CA), or nobody checked at all (`insecureTLS`, test servers
/// only). Also turns a failed handshake into a sentence naming the
/// authority that was expected.
///
/// Threading: a `Sendable` value, made before the clients and read by them.
struct SCIMTrust: Sendable {
  /// The largest CA file read: a bundle of a few hundred certificates.
  static let maxCAFileBytes = 1 << 20

  /// For the service itself: only `caFile`'s authorities when given.
  let api: TLSConfiguration
  /// For photos on other hosts: the system's authorities and `caFile`'s.
  let photos: TLSConfiguration
  /// "the authority in FILE" or "a trusted authority", for errors.
  let authority: String

  /// Throws `.unreadable` when `caFile` cannot be read or holds no
  /// certificate: a wrong path says so at once, not at the first request.
  init(options: SCIMOptions) throws(DirectoryError) {
    var api = TLSConfiguration.makeClientConfiguration()
    var photos = api
    if let path = options.caFile {
      let certificates = try Self.certificates(at: path)
      api.trustRoots = .certificates(certificates)
      photos.additionalTrustRoots = [.certificates(certificates)]
    }
    if options.insecureTLS {
      api.certificateVerification = .none
      photos.certificateVerification = .none
    }
    self.api = api
    self.photos = photos
    authority =
      options.caFile.map { String(format: tr("the authority in %@"), $0) }
      ?? tr("a trusted authority")
  }

  /// The certificates of the PEM file at `path` (bounded; at least one).
  private static func certificates(at path: String) throws(DirectoryError)
    -> [NIOSSLCertificate]
  {
    let bytes = try FileReader.read(path: path, maxBytes: maxCAFileBytes)
    let certificates = try? NIOSSLCertificate.fromPEMBytes(bytes)
    guard let certificates, !certificates.isEmpty else {
      throw .unreadable(path: path, reason: "it holds no PEM certificate")
    }
    return certificates
  }

  /// `error` as a TLS failure with `server` ("https://host:port"), or nil
  /// when it is not about TLS. BoringSSL's codes are not for people: a
  /// failed check says which authority was expected instead.
  func failure(_ error: any Error, server: String) -> DirectoryError? {
    switch error {
    case let error as NIOSSLError:
      if case .handshakeFailed = error, "\(error)".contains("CERTIFICATE_VERIFY_FAILED") {
        return .scim(
          .tlsFailed(
            server: server,
            reason: String(format: tr("its certificate is not signed by %@"), authority)))
      }
      return .scim(
        .tlsFailed(
          server: server, reason: String(format: tr("the handshake failed (%@)"), "\(error)")))
    case is NIOSSLExtraError:
      return .scim(
        .tlsFailed(
          server: server,
          reason: String(format: tr("its certificate does not name this host (%@)"), "\(error)")))
    default:
      return nil
    }
  }
}
