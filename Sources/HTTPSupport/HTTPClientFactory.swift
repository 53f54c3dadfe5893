import AsyncHTTPClient
import NIOCore
import NIOSSL

/// The one place Roster's AsyncHTTPClients are made (a remote users.json,
/// a SCIM service and its photos, avatars), so they share the event loop
/// group and the same rules: TLS verified against the system's authorities
/// unless a caller's `tls` says otherwise, a refused connection failing at
/// once (the server said no: asking again until the connect timeout only
/// keeps the user waiting), and the caller's timeouts, redirects and body
/// limit.
///
/// Threading: stateless; any thread. A client made here is thread-safe and
/// is shut down by its owner.
public enum HTTPClientFactory {
  /// A connection that takes longer than this is not coming.
  public static let maxConnectTimeout = Duration.seconds(10)

  /// A client on the shared event loop group. `connect` and `read` (the
  /// longest silence while a body streams) are its timeouts; a compressed
  /// answer is inflated up to `decompressionLimit` bytes (nil: a body is
  /// left as it came); `tls` nil verifies against the system's authorities.
  public static func client(
    redirects: HTTPClient.Configuration.RedirectConfiguration, connect: Duration,
    read: Duration, decompressionLimit: Int? = nil, tls: TLSConfiguration? = nil
  ) -> HTTPClient {
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls,
      redirectConfiguration: redirects,
      timeout: .init(connect: timeAmount(connect), read: timeAmount(read)),
      decompression: decompressionLimit.map { .enabled(limit: .size($0)) } ?? .disabled)
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }

  /// `duration` as NIO's time amount, in whole nanoseconds (saturating).
  public static func timeAmount(_ duration: Duration) -> TimeAmount {
    let (seconds, attoseconds) = duration.components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return .nanoseconds(
      overflow ? (seconds < 0 ? .min : .max) : scaled &+ attoseconds / 1_000_000_000)
  }
}
