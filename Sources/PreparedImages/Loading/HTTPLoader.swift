import AsyncHTTPClient
import Foundation
import HTTPSupport
import NIOCore
import Synchronization

/// Downloads image bytes with AsyncHTTPClient, within limits.
///
/// - Redirects are followed here, not by the client, so each hop can be checked: at most
///   `maxRedirects`, only to http(s) (`.badRedirect`), never back to a visited URL (`.redirectLimit`).
/// - A refused connection fails at once (no retrying until the connect timeout).
/// - Timeouts: connect and read (idle) timeouts in the client, plus a whole-download deadline of
///   connect + read, so a server that drips one byte at a time is cut off too.
/// - The body limit is enforced while streaming, whatever Content-Length says or if it is absent.
/// - Content-Type must be image/* or application/octet-stream (absent is allowed: the decoder
///   sniffs the bytes anyway).
///
/// Threading: `Sendable`; `load` may run concurrently from any task. Call ``shutdown()`` once at
/// the end; a loader dropped without it shuts its client down in the background.
final class HTTPLoader: Sendable {
  private let client: HTTPClient
  private let maxBodyBytes: Int
  private let maxRedirects: Int
  private let totalTimeout: Duration
  private let isShutDown = Mutex(false)

  init(configuration: ImagePipelineConfiguration) {
    // A refused connection fails the requests waiting for it at once, instead of being tried
    // again until the connect timeout while they hold their load slots.
    client = HTTPClientFactory.client(
      redirects: .disallow, connect: configuration.connectTimeout,
      read: configuration.readTimeout)
    maxBodyBytes = configuration.maxBodyBytes
    maxRedirects = configuration.maxRedirects
    totalTimeout = configuration.connectTimeout + configuration.readTimeout
  }

  deinit {
    if !isShutDown.withLock({ $0 }) { _ = client.shutdown() }
  }

  func shutdown() async {
    guard
      !isShutDown.withLock({
        let was = $0
        $0 = true
        return was
      })
    else { return }
    try? await client.shutdown()
  }

  /// The body of `url`, or why not. Cancelling the calling task cancels the request.
  func load(_ url: URL) async -> Result<[UInt8], ImageFailure> {
    let deadline = ContinuousClock.now + totalTimeout
    do {
      let bytes = try await withThrowingTaskGroup(of: [UInt8].self) { group in
        group.addTask { try await self.fetchFollowingRedirects(url, deadline: deadline) }
        group.addTask {
          try await Task.sleep(until: deadline, clock: .continuous)
          throw ImageFailure.timedOut
        }
        defer { group.cancelAll() }
        return try await group.next()!
      }
      return .success(bytes)
    } catch {
      return .failure(Self.failure(for: error))
    }
  }

  private func fetchFollowingRedirects(_ start: URL, deadline: ContinuousClock.Instant) async throws
    -> [UInt8]
  {
    var url = start
    var visited: Set<String> = [start.absoluteString]
    while true {
      var request = HTTPClientRequest(url: url.absoluteString)
      request.headers.add(
        name: "Accept", value: "image/png, image/jpeg, image/gif;q=0.9, */*;q=0.1")
      request.headers.add(name: "User-Agent", value: "Roster")
      let remaining = deadline - ContinuousClock.now
      let response = try await client.execute(
        request, timeout: .nanoseconds(max(remaining.nanoseconds, 1)))

      if [301, 302, 303, 307, 308].contains(response.status.code) {
        guard let location = response.headers.first(name: "Location"),
          let next = URL(string: location, relativeTo: url)?.absoluteURL,
          let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw ImageFailure.badRedirect }
        guard visited.count <= maxRedirects, visited.insert(next.absoluteString).inserted else {
          throw ImageFailure.redirectLimit
        }
        url = next
        continue  // Dropping the response cancels its body; the connection is not reused.
      }
      guard (200..<300).contains(response.status.code) else {
        throw ImageFailure.httpStatus(Int(response.status.code))
      }
      try checkContentType(response.headers.first(name: "Content-Type"))
      return try await readBody(response)
    }
  }

  private func checkContentType(_ value: String?) throws {
    guard let value else { return }
    let mediaType =
      value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      ?? ""
    guard mediaType.hasPrefix("image/") || mediaType == "application/octet-stream" else {
      throw ImageFailure.wrongContentType
    }
  }

  private func readBody(_ response: HTTPClientResponse) async throws -> [UInt8] {
    if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init),
      declared > maxBodyBytes
    {
      throw ImageFailure.tooLarge
    }
    var bytes: [UInt8] = []
    for try await chunk in response.body {
      guard bytes.count + chunk.readableBytes <= maxBodyBytes else { throw ImageFailure.tooLarge }
      bytes.append(contentsOf: chunk.readableBytesView)
    }
    return bytes
  }

  private static func failure(for error: any Error) -> ImageFailure {
    if let failure = error as? ImageFailure { return failure }
    if error is CancellationError { return .cancelled }
    if let error = error as? HTTPClientError {
      switch error {
      case .connectTimeout, .readTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout:
        return .timedOut
      case .cancelled: return .cancelled
      case .invalidURL, .emptyHost, .emptyScheme: return .unsupportedScheme
      default: return .network
      }
    }
    return .network
  }
}

extension Duration {
  /// Whole nanoseconds, saturating.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? (seconds < 0 ? .min : .max) : scaled &+ attoseconds / 1_000_000_000
  }
}
