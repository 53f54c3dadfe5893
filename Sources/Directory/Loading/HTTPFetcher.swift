import FoundationEssentials
import HTTPSupport
import SharedSupport

/// Downloads a remote users.json with an ``HTTPSession`` (libsoup: the
/// system's proxies and trust).
///
/// Each fetch makes its own session, so that it carries this loader's
/// timeout, and drops it after. Redirects are followed up to
/// ``maxRedirects``; a gzip answer is inflated, and the limit counts the
/// inflated bytes. A refused connection fails at once.
/// Threading: stateless; `fetch` suspends, never blocks.
package enum HTTPFetcher {
  package static let maxRedirects = 3

  /// The body of a 2xx answer from `url`: `timeout` bounds the wait for the
  /// answer's head, then each silence while the body streams.
  static func fetch(_ url: URL, timeout: Duration, maxBytes: Int) async throws(DirectoryError)
    -> [UInt8]
  {
    let session = HTTPSession(.init(ioTimeout: timeout, connectionsPerHost: 1))
    let request = HTTPRequest(
      url: url.absoluteString, headers: [("Accept", "application/json")], maxBodyBytes: maxBytes,
      maxRedirects: maxRedirects, timeLimit: .head(timeout))
    let response: HTTPResponse
    do {
      response = try await session.send(request)
    } catch {
      throw directoryError(for: error, maxBytes: maxBytes)
    }
    guard (200...299).contains(response.status) else {
      throw DirectoryError.httpStatus(response.status)
    }
    return response.body
  }

  /// The user's sentence for an HTTP failure (shared with the other HTTP
  /// clients of the package). Never the host's name for a refusal: after a
  /// redirect it may be another server.
  package static func directoryError(for error: HTTPFailure, maxBytes: Int) -> DirectoryError {
    switch error {
    case .cancelled: .cancelled
    case .timedOut: .timedOut
    case .tooLarge: .tooLarge(limit: maxBytes)
    case .refused: .network("the server refused the connection")
    case .proxyRefused(let proxy):
      .network(tr("the proxy %@ refused the connection").replacing("%@", with: proxy))
    case .unknownHost(let host): .network("no server is known by the name \(host)")
    case .badURL: .network("not an http or https address")
    case .redirectLimit: .network("too many redirects (more than \(maxRedirects))")
    case .badRedirect: .network("a redirect to an address that is not http or https")
    case .certificateRefused(let server, _): .network("the certificate of \(server) was refused")
    case .tlsFailed(let server, let reason): .network("TLS with \(server) failed: \(reason)")
    case .proxyFailed(let reason): .network("the proxy failed: \(reason)")
    case .network(let reason): .network(reason)
    }
  }
}
