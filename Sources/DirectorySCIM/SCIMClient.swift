import Directory
import FoundationEssentials
import HTTPSupport
import SharedSupport

/// The HTTP side of a ``SCIMDirectory`` and its `searching` views: requests
/// with the bearer token to the service's own origin, photos from anywhere
/// without it, the server's configuration, and the counters.
///
/// Two sessions (libsoup: the system's proxies), so the token cannot leak:
/// `api` sends the token and follows no redirect (a redirect could point
/// anywhere); `photos` never holds the token and may follow a few
/// redirects, as avatar hosts do. A refused
/// connection fails at once (no connect retries), TLS is verified, every
/// answer is bounded, and 429/503 wait for Retry-After (bounded) a few times.
///
/// Threading: `Sendable`; the sessions are thread-safe and the bookkeeping
/// is behind one lock. Both sessions close when the last directory holding
/// this goes.
final class SCIMClient: Sendable {
  /// What a GET answered: 200 with the body, or 304.
  struct Answer: Sendable {
    var notModified: Bool
    var etag: String?
    var body: [UInt8]
  }

  /// The server's `/ServiceProviderConfig`, as far as reading needs it.
  struct Capabilities: Sendable, Equatable {
    var sorts: Bool
    var maxResults: Int?
  }

  private struct State {
    var statistics = SCIMStatistics()
    var capabilities: Capabilities?
    /// Photo addresses by identity, from the pages read (bounded).
    var photos: [String: URL] = [:]
  }

  /// The most photo addresses remembered; past it the map starts over (the
  /// rows on screen are read again with their page).
  static let maxRememberedPhotos = 50_000

  let url: SCIMURL
  let options: SCIMOptions
  private let token: Secret
  private let trust: SCIMTrust
  private let api: HTTPSession
  private let photoSession: HTTPSession
  private let state = Locked(State())
  /// Shared by the directory and its searches (the query tells them apart).
  let pages = SCIMResponseCache()

  /// Throws when `options.caFile` cannot be read (see ``SCIMTrust``).
  init(url: SCIMURL, token: Secret, options: SCIMOptions) throws(DirectoryError) {
    self.url = url
    self.token = token
    self.options = options
    trust = try SCIMTrust(options: options)
    api = HTTPSession(.init(ioTimeout: options.timeout, trust: trust.api))
    photoSession = HTTPSession(.init(ioTimeout: options.timeout, trust: trust.photos))
  }

  var statistics: SCIMStatistics { state.withLock { $0.statistics } }

  func count(_ change: (inout SCIMStatistics) -> Void) {
    state.withLock { change(&$0.statistics) }
  }

  /// GET `path` (with its query) under the base, with the token;
  /// If-None-Match when `etag` is given.
  func get(_ path: String, etag: String? = nil) async throws(DirectoryError) -> Answer {
    var headers = [
      (name: "Accept", value: "application/scim+json, application/json"),
      (name: "Authorization", value: "Bearer \(token.value)"),
    ]
    if let etag { headers.append((name: "If-None-Match", value: etag)) }
    return try await send(
      url.base + path, headers: headers, with: api, maxBytes: options.maxResponseBytes)
  }

  /// Sends `method` (PATCH) to `path` under the base with the JSON `body`
  /// and the token; If-Match when `etag` is given. Any status but 2xx
  /// throws `.httpStatus` (412: the resource changed since `etag`), and a
  /// 403 too: a token that may read but not write; 401 is the token
  /// refused. The answer's ETag is the resource's new version.
  func write(_ method: String, _ path: String, body: [UInt8], ifMatch etag: String?)
    async throws(DirectoryError) -> Answer
  {
    var headers = [
      (name: "Accept", value: "application/scim+json, application/json"),
      (name: "Authorization", value: "Bearer \(token.value)"),
    ]
    if let etag { headers.append((name: "If-Match", value: etag)) }
    return try await send(
      url.base + path, headers: headers, with: api, maxBytes: options.maxResponseBytes,
      write: (method, body))
  }

  /// The capabilities once asked for; nil before.
  var knownCapabilities: Capabilities? { state.withLock { $0.capabilities } }

  /// The server's capabilities, asked once; a server without the endpoint
  /// neither sorts nor limits.
  func capabilities() async throws(DirectoryError) -> Capabilities {
    if let known = knownCapabilities { return known }
    let capabilities: Capabilities
    do {
      capabilities = Self.capabilities(decoding: try await get("/ServiceProviderConfig").body)
    } catch .httpStatus(404) {
      capabilities = Capabilities(sorts: false, maxResults: nil)
    }
    state.withLock { $0.capabilities = capabilities }
    return capabilities
  }

  static func capabilities(decoding body: [UInt8]) -> Capabilities {
    struct Config: Decodable {
      struct Feature: Decodable {
        var supported: Bool?
        var maxResults: Int?
      }
      var sort: Feature?
      var filter: Feature?
    }
    let config = try? JSONDecoder().decode(Config.self, from: Data(body))
    return Capabilities(
      sorts: config?.sort?.supported ?? false,
      maxResults: config?.filter?.maxResults.flatMap { $0 > 0 ? $0 : nil })
  }

  /// Remembers where the photos of `users` are.
  func remember(_ users: [SCIMUser]) {
    state.withLock { state in
      if state.photos.count + users.count > Self.maxRememberedPhotos { state.photos = [:] }
      for user in users { state.photos[user.entry.id] = user.photo }
    }
  }

  func photoAddress(of identity: String) -> URL? { state.withLock { $0.photos[identity] } }

  /// The bytes at `address`, at most `maxBytes`: with the token only when it
  /// is on the service's own origin.
  func photo(at address: URL, maxBytes: Int) async throws(DirectoryError) -> [UInt8] {
    let accept = (name: "Accept", value: "image/*")
    if url.isSameOrigin(address) {
      count { $0.photosWithToken += 1 }
      let token = (name: "Authorization", value: "Bearer \(token.value)")
      return try await send(
        address.absoluteString, headers: [accept, token], with: api, maxBytes: maxBytes
      ).body
    }
    count { $0.photosWithoutToken += 1 }
    return try await send(
      address.absoluteString, headers: [accept], with: photoSession, maxBytes: maxBytes,
      redirects: HTTPFetcher.maxRedirects
    ).body
  }

  /// Sends `request` (a GET, or `write`'s method with its JSON body),
  /// waiting out 429 and 503 as Retry-After says (at most `maxRetryAfter`
  /// each, `maxRetries` times): a write is sent again only then, when the
  /// server took nothing.
  private func send(
    _ address: String, headers: [(name: String, value: String)], with session: HTTPSession,
    maxBytes: Int, redirects: Int = 0, write: (method: String, body: [UInt8])? = nil
  ) async throws(DirectoryError) -> Answer {
    var request = HTTPRequest(
      url: address, headers: headers, maxBodyBytes: maxBytes, maxRedirects: redirects,
      timeLimit: .head(options.timeout))
    if let write {
      request.method = write.method
      request.body = ("application/scim+json", write.body)
    }
    var retries = 0
    while true {
      count { $0.requests += 1 }
      let response: HTTPResponse
      do {
        response = try await session.send(request)
      } catch {
        // A photo may live on another host than the service: name its own.
        let server = URL(string: address).flatMap(SCIMURL.origin(of:)) ?? address
        if let failure = trust.failure(error, server: server) {
          throw failure
        }
        throw HTTPFetcher.directoryError(for: error, maxBytes: maxBytes)
      }
      let status = response.status
      switch status {
      case 200...299:
        return Answer(notModified: false, etag: response.header("ETag"), body: response.body)
      case 304:
        return Answer(notModified: true, etag: response.header("ETag"), body: [])
      case 401:
        throw .scim(.tokenRefused(server: url.origin))
      case 403 where write == nil:
        throw .scim(.tokenRefused(server: url.origin))
      case 429 where retries < options.maxRetries, 503 where retries < options.maxRetries:
        retries += 1
        count { $0.throttledRetries += 1 }
        let wait = min(
          Self.retryAfter(response.header("Retry-After")) ?? .seconds(1), options.maxRetryAfter)
        do { try await Task.sleep(for: wait) } catch { throw .cancelled }
      default:
        throw .httpStatus(status)
      }
    }
  }

  /// Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3).
  static func retryAfter(_ value: String?) -> Duration? {
    guard let value = value?.trimmed else { return nil }
    if let seconds = Int(value) { return .seconds(max(seconds, 0)) }
    guard let seconds = HTTPDate.secondsSince1970(value) else { return nil }
    let date = Date(timeIntervalSince1970: Double(seconds))
    return .milliseconds(max(Int(date.timeIntervalSinceNow * 1000), 0))
  }
}
