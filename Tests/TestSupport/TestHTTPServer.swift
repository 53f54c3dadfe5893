import Foundation
import SharedSupport

/// A real HTTP/1.1 server on 127.0.0.1 (port chosen by the kernel) for the tests, with per-path
/// responses, latency and faults, so loader tests go through sockets, libsoup and all. Every
/// response closes its connection. Plain sockets, a thread per connection (``TCPListener``).
///
/// Threading: `Sendable`; routes and hit counts are behind a lock, each response is written on
/// its connection's thread.
public final class TestHTTPServer: Sendable {
  /// What the server does for one path.
  public enum Response: Sendable {
    /// 200 with the bytes and a Content-Length.
    case body([UInt8], contentType: String)
    /// That status, empty body.
    case status(Int)
    /// 200 with a full Content-Length, then one byte per `interval`.
    case drip([UInt8], interval: Duration)
    /// Announces all of `bytes`, sends the first `sent`, then hangs up.
    case truncated([UInt8], sent: Int)
    /// 200 image/jpeg streaming `count` bytes; chunked (no Content-Length) unless `declared`.
    case flood(count: Int, declared: Bool)
    /// 302 to `location`.
    case redirect(String)
    /// Reads the request and never answers.
    case hang
    /// 200 application/json after `delay`.
    case delayed(Duration, [UInt8])
    /// `status` with these header fields and bytes.
    case answer(status: Int, headers: [String: String], body: [UInt8])
    /// The first response for the first request, the next for the next, the
    /// last one for every request after.
    indirect case sequence([Response])
    /// 200 image/png with the bytes and these caching headers (each sent when
    /// not nil); a request whose `If-None-Match` is `etag` (or, without one,
    /// whose `If-Modified-Since` is `lastModified`) gets 304 Not Modified with
    /// the same headers and no body, counted by ``notModified(_:)``.
    case cached(
      [UInt8], etag: String?, lastModified: String? = nil, cacheControl: String? = nil)

    /// 200 with the bytes as application/json.
    public static func json(_ bytes: [UInt8]) -> Response {
      .body(bytes, contentType: "application/json")
    }
  }

  fileprivate struct Route {
    var response: Response
    var latency: Duration
  }

  private let routes: Routes
  private let listener: TCPListener

  public var port: Int { listener.port }

  private init() throws {
    let routes = Routes()
    self.routes = routes
    listener = try TCPListener { client in Self.serve(client, routes: routes) }
  }

  public static func start() async throws -> TestHTTPServer { try TestHTTPServer() }

  /// A server answering each path of `routes` with its response (anything else: 404).
  public static func start(routes: [String: Response]) async throws -> TestHTTPServer {
    let server = try await start()
    for (path, response) in routes { server.set(path, response) }
    return server
  }

  public func stop() async throws {
    listener.stop()
  }

  public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  public func set(_ path: String, _ response: Response, latency: Duration = .zero) {
    routes.state.withLock { $0.routes[path] = Route(response: response, latency: latency) }
  }

  public func image(
    _ path: String, _ bytes: [UInt8], contentType: String = "image/png", latency: Duration = .zero
  ) {
    set(path, .body(bytes, contentType: contentType), latency: latency)
  }

  /// Requests received for `path`.
  public func hits(_ path: String) -> Int { routes.state.withLock { $0.hits[path] ?? 0 } }

  /// 304 answers sent for `path` (``Response/cached(_:etag:lastModified:cacheControl:)``).
  public func notModified(_ path: String) -> Int {
    routes.state.withLock { $0.notModified[path] ?? 0 }
  }

  /// The header fields of the last request for the route `path` (its own
  /// address, or the path a query was sent to; names lowercased).
  public func lastHeaders(_ path: String) -> [String: String]? {
    routes.state.withLock { $0.headers[path] }
  }

  /// The connections the server has open, one a line: what each waits for or does, for how
  /// long, and for which path (a report of what a test waited for in vain).
  public func connectionsReport() -> [String] {
    let now = ContinuousClock.now
    let open = routes.state.withLock { Array($0.open.values) }
    return open.sorted { $0.since < $1.since }.map { connection in
      let (seconds, attoseconds) = (now - connection.since).components
      let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
      return "\(connection.path ?? "(no request yet)"): \(connection.step) for \(milliseconds) ms"
    }
  }

  private static func serve(_ client: Int32, routes: Routes) {
    routes.track(client, "reading the request's head")
    defer { routes.state.withLock { _ = $0.open.removeValue(forKey: client) } }
    guard let (head, _) = Sockets.readHead({ Sockets.read(client) }) else { return }
    let lines = head.split(separator: "\r\n")
    let words = lines.first?.split(separator: " ") ?? []
    guard words.count == 3 else { return }
    routes.track(client, "answering", path: String(words[1]))
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var route = routes.route(for: String(words[1]), headers: headers)
    if case .cached(_, let etag, let lastModified, _) = route.response,
      let tag = headers["if-none-match"].map({ $0 == etag })
        ?? headers["if-modified-since"].map({ $0 == lastModified }), tag
    {
      routes.state.withLock { $0.notModified[String(words[1]), default: 0] += 1 }
      route.response = .answer(
        status: 304, headers: Responder.cachingHeaders(route.response), body: [])
    }
    if route.latency > .zero { routes.track(client, "waiting its latency") }
    pause(route.latency)
    routes.track(client, "writing the answer")
    Responder(client: client).respond(route.response)
  }

  fileprivate static func pause(_ duration: Duration) {
    guard duration > .zero else { return }
    let (seconds, attoseconds) = duration.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
  }
}

/// The server's routes, the hits and the last headers of each.
///
/// Threading: `Sendable`; everything is behind one lock.
private final class Routes: Sendable {
  struct State {
    var routes: [String: TestHTTPServer.Route] = [:]
    var hits: [String: Int] = [:]
    var headers: [String: [String: String]] = [:]
    var notModified: [String: Int] = [:]
    /// The connections being served, by socket.
    var open: [Int32: Connection] = [:]
  }

  /// One connection being served: its path once its request is read, and its step since when.
  struct Connection {
    var path: String?
    var step: String
    var since: ContinuousClock.Instant
  }

  let state = Locked(State())

  /// Notes the step `client`'s connection is at (and its path, once known).
  func track(_ client: Int32, _ step: String, path: String? = nil) {
    let now = ContinuousClock.now
    state.withLock { state in
      let known = state.open[client]?.path
      state.open[client] = Connection(path: path ?? known, step: step, since: now)
    }
  }

  /// The route of `uri`: its own, else that of its path without the query.
  /// A sequence moves on by one.
  func route(for uri: String, headers: [String: String]) -> TestHTTPServer.Route {
    state.withLock { state in
      state.hits[uri, default: 0] += 1
      let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
      let key = state.routes[uri] != nil ? uri : path
      state.headers[key] = headers
      guard var route = state.routes[key] else {
        return TestHTTPServer.Route(response: .status(404), latency: .zero)
      }
      if case .sequence(var responses) = route.response, let first = responses.first {
        if responses.count > 1 { responses.removeFirst() }
        state.routes[key]?.response = .sequence(responses)
        route.response = first
      }
      return route
    }
  }
}

/// Writes one response on a connection's socket, on its thread.
private struct Responder {
  typealias Response = TestHTTPServer.Response

  let client: Int32

  func respond(_ response: Response) {
    switch response {
    case .body(let bytes, let contentType):
      writeHead(200, ["Content-Type": contentType, "Content-Length": "\(bytes.count)"])
      Sockets.write(client, bytes)
    case .status(let code):
      writeHead(code, ["Content-Length": "0"])
    case .drip(let bytes, let interval):
      writeHead(200, ["Content-Type": "image/png", "Content-Length": "\(bytes.count)"])
      for byte in bytes {
        guard Sockets.write(client, [byte]) else { return }
        TestHTTPServer.pause(interval)
      }
    case .truncated(let bytes, let sent):
      writeHead(200, ["Content-Type": "image/jpeg", "Content-Length": "\(bytes.count)"])
      Sockets.write(client, bytes.prefix(sent))
    case .flood(let count, let declared):
      var headers = ["Content-Type": "image/jpeg"]
      headers[declared ? "Content-Length" : "Transfer-Encoding"] = declared ? "\(count)" : "chunked"
      writeHead(200, headers)
      flood(count, chunked: !declared)
    case .redirect(let location):
      writeHead(302, ["Location": location, "Content-Length": "0"])
    case .hang:
      // Until the client hangs up, or the server stops.
      while !Sockets.read(client).isEmpty {}
    case .delayed(let delay, let bytes):
      TestHTTPServer.pause(delay)
      respond(.json(bytes))
    case .answer(let status, let fields, let bytes):
      writeHead(status, fields.merging(["Content-Length": "\(bytes.count)"]) { $1 })
      Sockets.write(client, bytes)
    case .cached(let bytes, _, _, _):
      var fields = Self.cachingHeaders(response)
      fields["Content-Type"] = "image/png"
      fields["Content-Length"] = "\(bytes.count)"
      writeHead(200, fields)
      Sockets.write(client, bytes)
    case .sequence(let responses):
      // Only the last of a sequence is stored as one (see `Routes.route(for:headers:)`).
      respond(responses.last ?? .status(404))
    }
  }

  /// The ETag, Last-Modified and Cache-Control fields of a `.cached` response.
  static func cachingHeaders(_ response: Response) -> [String: String] {
    guard case .cached(_, let etag, let lastModified, let cacheControl) = response else {
      return [:]
    }
    var fields: [String: String] = [:]
    fields["ETag"] = etag
    fields["Last-Modified"] = lastModified
    fields["Cache-Control"] = cacheControl
    return fields
  }

  private func writeHead(_ status: Int, _ fields: [String: String]) {
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for (name, value) in fields { head += "\(name): \(value)\r\n" }
    head += "Connection: close\r\n\r\n"
    Sockets.write(client, head.utf8)
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 302: "Found"
    case 304: "Not Modified"
    case 404: "Not Found"
    default: "Status"
    }
  }

  /// Streams 0xFF bytes in 64 KiB pieces until done or the client hangs up.
  private func flood(_ count: Int, chunked: Bool) {
    var remaining = count
    let piece = [UInt8](repeating: 0xFF, count: 64 << 10)
    while remaining > 0 {
      let size = min(remaining, piece.count)
      let framed =
        chunked
        ? Array("\(String(size, radix: 16))\r\n".utf8) + piece[..<size] + Array("\r\n".utf8)
        : Array(piece[..<size])
      guard Sockets.write(client, framed) else { return }
      remaining -= size
    }
    if chunked { Sockets.write(client, "0\r\n\r\n".utf8) }
  }
}
