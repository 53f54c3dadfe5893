import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1 (port chosen by the kernel) for the tests, with per-path
/// responses, latency and faults, so loader tests go through sockets, AsyncHTTPClient and all.
/// Every response closes its connection.
///
/// Threading: `Sendable`; routes and hit counts are guarded by a mutex, responses are written on
/// the connection's event loop.
public final class TestHTTPServer: Sendable {
  /// What the server does for one path.
  public enum Response: Sendable {
    /// 200 with the bytes and a Content-Length.
    case body([UInt8], contentType: String)
    /// That status, empty body.
    case status(Int)
    /// 200 with a full Content-Length, then one byte per `interval`.
    case drip([UInt8], interval: TimeAmount)
    /// Announces all of `bytes`, sends the first `sent`, then hangs up.
    case truncated([UInt8], sent: Int)
    /// 200 image/jpeg streaming `count` bytes; chunked (no Content-Length) unless `declared`.
    case flood(count: Int, declared: Bool)
    /// 302 to `location`.
    case redirect(String)
    /// Reads the request and never answers.
    case hang
    /// 200 application/json after `delay`.
    case delayed(TimeAmount, [UInt8])
    /// `status` with these header fields and bytes.
    case answer(status: Int, headers: [String: String], body: [UInt8])
    /// The first response for the first request, the next for the next, the
    /// last one for every request after.
    indirect case sequence([Response])

    /// 200 with the bytes as application/json.
    public static func json(_ bytes: [UInt8]) -> Response {
      .body(bytes, contentType: "application/json")
    }
  }

  fileprivate struct Route {
    var response: Response
    var latency: TimeAmount
  }

  private struct State {
    var routes: [String: Route] = [:]
    var hits: [String: Int] = [:]
    var headers: [String: [String: String]] = [:]
  }

  // Locks TSan can see (pthread mutexes): requests arrive on several event
  // loop threads at once, and a contended Synchronization.Mutex hands over
  // through the kernel (a priority-inheritance futex) where TSan sees no
  // ordering, so it reported the guarded state as racing.
  private let state = NIOLockedValueBox(State())
  private let channel: NIOLockedValueBox<(any Channel)?> = NIOLockedValueBox(nil)
  private let portNumber = NIOLockedValueBox(0)

  public var port: Int { portNumber.withLockedValue { $0 } }

  public static func start() async throws -> TestHTTPServer {
    let server = TestHTTPServer()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.backlog, value: 256)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(RequestHandler(server: server))
        }
      }
      .bind(host: "127.0.0.1", port: 0)
      .get()
    server.channel.withLockedValue { $0 = channel }
    server.portNumber.withLockedValue { $0 = channel.localAddress?.port ?? 0 }
    return server
  }

  /// A server answering each path of `routes` with its response (anything else: 404).
  public static func start(routes: [String: Response]) async throws -> TestHTTPServer {
    let server = try await start()
    for (path, response) in routes { server.set(path, response) }
    return server
  }

  public func stop() async throws {
    let channel = self.channel.withLockedValue { channel in
      defer { channel = nil }
      return channel
    }
    try await channel?.close()
  }

  public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  public func set(_ path: String, _ response: Response, latency: TimeAmount = .zero) {
    state.withLockedValue { $0.routes[path] = Route(response: response, latency: latency) }
  }

  public func image(
    _ path: String, _ bytes: [UInt8], contentType: String = "image/png", latency: TimeAmount = .zero
  ) {
    set(path, .body(bytes, contentType: contentType), latency: latency)
  }

  /// Requests received for `path`.
  public func hits(_ path: String) -> Int { state.withLockedValue { $0.hits[path] ?? 0 } }

  /// The header fields of the last request for the route `path` (its own
  /// address, or the path a query was sent to; names lowercased).
  public func lastHeaders(_ path: String) -> [String: String]? {
    state.withLockedValue { $0.headers[path] }
  }

  /// The route of `uri`: its own, else that of its path without the query.
  /// A sequence moves on by one.
  fileprivate func route(for uri: String, headers: HTTPHeaders) -> Route {
    state.withLockedValue { state in
      state.hits[uri, default: 0] += 1
      let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
      let key = state.routes[uri] != nil ? uri : path
      state.headers[key] = Dictionary(
        headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
      guard var route = state.routes[key] else {
        return Route(response: .status(404), latency: .zero)
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

/// Answers one request per connection according to the server's routes.
private final class RequestHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let server: TestHTTPServer
  private var path = "/"
  private var headers = HTTPHeaders()

  init(server: TestHTTPServer) {
    self.server = server
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      path = head.uri
      headers = head.headers
    case .body:
      break
    case .end:
      let route = server.route(for: path, headers: headers)
      context.eventLoop.assumeIsolated().scheduleTask(in: route.latency) {
        self.respond(route.response, context: context)
      }
    }
  }

  private func respond(_ response: Response, context: ChannelHandlerContext) {
    switch response {
    case .body(let bytes, let contentType):
      writeHead(
        .ok, ["Content-Type": contentType, "Content-Length": "\(bytes.count)"], context: context)
      writeBody(bytes, context: context)
      finish(context: context)
    case .status(let code):
      writeHead(HTTPResponseStatus(statusCode: code), ["Content-Length": "0"], context: context)
      finish(context: context)
    case .drip(let bytes, let interval):
      writeHead(
        .ok, ["Content-Type": "image/png", "Content-Length": "\(bytes.count)"], context: context)
      drip(bytes[...], interval: interval, context: context)
    case .truncated(let bytes, let sent):
      writeHead(
        .ok, ["Content-Type": "image/jpeg", "Content-Length": "\(bytes.count)"], context: context)
      writeBody(Array(bytes.prefix(sent)), context: context)
      context.flush()
      context.close(promise: nil)
    case .flood(let count, let declared):
      var headers = ["Content-Type": "image/jpeg"]
      headers[declared ? "Content-Length" : "Transfer-Encoding"] = declared ? "\(count)" : "chunked"
      writeHead(.ok, headers, context: context)
      flood(remaining: count, context: context)
    case .redirect(let location):
      writeHead(.found, ["Location": location, "Content-Length": "0"], context: context)
      finish(context: context)
    case .hang:
      break
    case .delayed(let delay, let bytes):
      context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
        self.respond(.json(bytes), context: context)
      }
    case .answer(let status, let fields, let bytes):
      writeHead(
        HTTPResponseStatus(statusCode: status),
        fields.merging(["Content-Length": "\(bytes.count)"]) { $1 }, context: context)
      writeBody(bytes, context: context)
      finish(context: context)
    case .sequence(let responses):
      // Only the last of a sequence is stored as one (see `route(for:headers:)`).
      respond(responses.last ?? .status(404), context: context)
    }
  }

  private typealias Response = TestHTTPServer.Response

  private func writeHead(
    _ status: HTTPResponseStatus, _ fields: [String: String], context: ChannelHandlerContext
  ) {
    var headers = HTTPHeaders(fields.map { ($0.key, $0.value) })
    headers.add(name: "Connection", value: "close")
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
      promise: nil)
  }

  private func writeBody(_ bytes: [UInt8], context: ChannelHandlerContext) {
    guard !bytes.isEmpty else { return }
    context.write(
      wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: bytes)))),
      promise: nil)
  }

  private func finish(context: ChannelHandlerContext) {
    context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
      context.close(promise: nil)
    }
  }

  private func drip(
    _ bytes: ArraySlice<UInt8>, interval: TimeAmount, context: ChannelHandlerContext
  ) {
    guard let first = bytes.first, context.channel.isActive else {
      finish(context: context)
      return
    }
    writeBody([first], context: context)
    context.flush()
    context.eventLoop.assumeIsolated().scheduleTask(in: interval) {
      self.drip(bytes.dropFirst(), interval: interval, context: context)
    }
  }

  /// Streams zeros in 64 KiB pieces, each after the previous was written, until done or the
  /// client hangs up.
  private func flood(remaining: Int, context: ChannelHandlerContext) {
    guard remaining > 0 else {
      finish(context: context)
      return
    }
    let size = min(remaining, 64 << 10)
    let buffer = context.channel.allocator.buffer(repeating: 0xFF, count: size)
    context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer)))).assumeIsolated().whenComplete
    { result in
      if case .success = result { self.flood(remaining: remaining - size, context: context) }
    }
  }
}
