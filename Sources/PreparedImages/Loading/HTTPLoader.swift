import FoundationEssentials
import HTTPSupport
import SharedSupport

/// Downloads image bytes with an ``HTTPSession`` (libsoup: the system's
/// proxies and trust), within limits.
///
/// - Redirects are followed one hop at a time and checked: at most `maxRedirects`, only to
///   http(s) (`.badRedirect`), never back to a visited URL (`.redirectLimit`).
/// - A refused connection fails at once (no retrying until the connect timeout).
/// - Timeouts: the session's I/O timeout (the longest silence, connecting included), plus a
///   whole-download deadline of connect + read, so a server that drips one byte at a time is
///   cut off too.
/// - The body limit is enforced while streaming, whatever Content-Length says or if it is absent.
/// - Content-Type must be image/* or application/octet-stream (absent is allowed: the decoder
///   sniffs the bytes anyway).
/// - A revalidation is a conditional GET with the stored validators; its 304 is a success
///   (``Download/notModified(_:)``), and each answer's caching headers become a ``CachePolicy``.
///
/// Threading: `Sendable`; `load` may run concurrently from any task. ``shutdown()`` cancels
/// what is in flight.
final class HTTPLoader: Sendable {
  private let session: HTTPSession
  private let maxBodyBytes: Int
  private let maxRedirects: Int
  private let totalTimeout: Duration

  init(configuration: ImagePipelineConfiguration) {
    session = HTTPSession(
      .init(
        ioTimeout: max(configuration.connectTimeout, configuration.readTimeout),
        connectionsPerHost: configuration.maxConcurrentLoads))
    maxBodyBytes = configuration.maxBodyBytes
    maxRedirects = configuration.maxRedirects
    totalTimeout = configuration.connectTimeout + configuration.readTimeout
  }

  /// The downloads in flight and the network thread's backlog, one a line.
  func inFlightReport() -> [String] {
    session.inFlightReport()
  }

  /// Stops answers on the network thread until ``releaseAnswers()`` (``HTTPSession/holdAnswers()``).
  func holdAnswers() {
    session.holdAnswers()
  }

  /// Downloads stopped by ``holdAnswers()`` now.
  var heldAnswers: Int { session.heldAnswers }

  /// Lets the answers stopped by ``holdAnswers()`` go on.
  func releaseAnswers() {
    session.releaseAnswers()
  }

  func shutdown() async {
    session.abort()
  }

  /// What a download brought.
  enum Download: Sendable {
    /// A 2xx answer's body, and what the server said about keeping it.
    case body([UInt8], CachePolicy)
    /// 304 to a conditional request: the stored bytes are still good, kept under this policy.
    case notModified(CachePolicy)
  }

  /// The body of `url`, or why not. With `stored` (a policy with a validator), the request is
  /// conditional (`If-None-Match`, `If-Modified-Since`), and a 304 answer is a success. `now`
  /// is the time the policies count from (seconds since 1970). Cancelling the calling task
  /// cancels the request.
  func load(_ url: URL, revalidating stored: CachePolicy? = nil, now: Int64) async -> Result<
    Download, ImageFailure
  > {
    let request = HTTPRequest(
      url: url.absoluteString,
      headers: [("Accept", "image/png, image/jpeg, image/gif;q=0.9, */*;q=0.1")]
        + (stored?.conditionalHeaders ?? []),
      maxBodyBytes: maxBodyBytes, maxRedirects: maxRedirects, timeLimit: .whole(totalTimeout))
    let response: HTTPResponse
    do {
      response = try await session.send(request)
    } catch {
      return .failure(Self.failure(for: error))
    }
    if response.status == 304, let stored, stored.hasValidator {
      // A 304 updates the stored fields it sends: those it leaves out (validators, freshness)
      // still hold; its own Date and Age count.
      let policy = CachePolicy(
        header: { name in response.header(name) ?? stored.storedField(name) }, now: now)
      return .success(.notModified(policy))
    }
    if [301, 302, 303, 307, 308].contains(response.status) { return .failure(.redirectLimit) }
    guard (200..<300).contains(response.status) else {
      return .failure(.httpStatus(response.status))
    }
    guard Self.isImage(response.header("Content-Type")) else {
      return .failure(.wrongContentType)
    }
    return .success(.body(response.body, CachePolicy(header: response.header, now: now)))
  }

  private static func isImage(_ value: String?) -> Bool {
    guard let value else { return true }
    let mediaType =
      value.split(separator: ";").first.map { $0.trimmed.lowercased() }
      ?? ""
    return mediaType.hasPrefix("image/") || mediaType == "application/octet-stream"
  }

  private static func failure(for error: HTTPFailure) -> ImageFailure {
    switch error {
    case .cancelled: .cancelled
    case .timedOut: .timedOut
    case .badURL: .unsupportedScheme
    case .tooLarge: .tooLarge
    case .redirectLimit: .redirectLimit
    case .badRedirect: .badRedirect
    case .refused, .proxyRefused, .unknownHost, .certificateRefused, .tlsFailed, .proxyFailed,
      .network:
      .network
    }
  }
}
