import AsyncHTTPClient
import Foundation
import HTTPSupport
import NIOCore

/// Downloads a remote users.json with AsyncHTTPClient.
///
/// Each fetch makes its own client (``HTTPClientFactory``, cheap on the
/// shared event loop group) so that it can carry this loader's timeouts and
/// redirect limit, and shuts it down before returning. A refused connection
/// fails at once.
/// Threading: stateless; `fetch` suspends, never blocks.
package enum HTTPFetcher {
  package static let maxRedirects = 3

  static func fetch(_ url: URL, timeout: Duration, maxBytes: Int) async throws(DirectoryError)
    -> ByteBuffer
  {
    let client = HTTPClientFactory.client(
      redirects: .follow(max: maxRedirects, allowCycles: false),
      connect: min(timeout, HTTPClientFactory.maxConnectTimeout), read: timeout,
      decompressionLimit: maxBytes)
    let result: Result<ByteBuffer, DirectoryError>
    do {
      result = .success(try await download(url, with: client, timeout: timeout, maxBytes: maxBytes))
    } catch let error as DirectoryError {
      result = .failure(error)
    } catch {
      result = .failure(directoryError(for: error, maxBytes: maxBytes))
    }
    // Shutting down cannot fail in a way the user could act on.
    try? await client.shutdown()
    return try result.get()
  }

  private static func download(
    _ url: URL, with client: HTTPClient, timeout: Duration, maxBytes: Int
  ) async throws
    -> ByteBuffer
  {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
    // The timeout bounds the wait for the response head; the read timeout
    // then bounds each silence while the body streams.
    let response = try await client.execute(request, timeout: HTTPClientFactory.timeAmount(timeout))
    guard (200...299).contains(response.status.code) else {
      throw DirectoryError.httpStatus(Int(response.status.code))
    }
    return try await response.body.collect(upTo: maxBytes)
  }

  /// The user's sentence for an error AsyncHTTPClient or NIO threw (shared
  /// with the other HTTP clients of the package).
  package static func directoryError(for error: any Error, maxBytes: Int) -> DirectoryError {
    if error is CancellationError { return .cancelled }
    if error is NIOTooManyBytesError { return .tooLarge(limit: maxBytes) }
    if let error = error as? HTTPClientError {
      switch error {
      case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded: return .timedOut
      case .redirectLimitReached, .redirectCycleDetected:
        return .network("too many redirects (more than \(maxRedirects))")
      case .cancelled: return .cancelled
      case .remoteConnectionClosed: return .network("the server closed the connection")
      default: return .network(error.description)
      }
    }
    if let error = error as? IOError {
      // Not the host's name: after a redirect it may be another server.
      if error.errnoCode == ECONNREFUSED { return .network("the server refused the connection") }
      return .network(String(cString: strerror(error.errnoCode)))
    }
    return .network(String(describing: error))
  }
}
