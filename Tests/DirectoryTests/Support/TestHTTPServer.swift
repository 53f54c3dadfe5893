import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1 (port chosen by the kernel) that
/// answers each path with a scripted `Reply`, so loader tests go through
/// sockets, AsyncHTTPClient and all.
///
/// Threading: `Sendable`; the routes are immutable and the channel lives on
/// its event loop.
final class TestHTTPServer: Sendable {
  /// What the server does for one path.
  enum Reply: Sendable {
    case json([UInt8])
    case status(Int)
    /// A 302 to another path (or absolute URL).
    case redirect(String)
    /// Reads the request and never answers.
    case hang
    /// Answers with the bytes after a delay.
    case delayed(TimeAmount, [UInt8])
  }

  private let channel: any Channel
  let port: Int

  private init(channel: any Channel) {
    self.channel = channel
    port = channel.localAddress!.port!
  }

  static func start(routes: [String: Reply]) async throws -> TestHTTPServer {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline()
          try channel.pipeline.syncOperations.addHandler(RouteHandler(routes: routes))
        }
      }
      .bind(host: "127.0.0.1", port: 0)
      .get()
    return TestHTTPServer(channel: channel)
  }

  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  func stop() async throws {
    try await channel.close()
  }
}

/// Answers requests from the route table once each request has fully
/// arrived.
///
/// Threading: confined to its channel's event loop, as NIO handlers are.
private final class RouteHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let routes: [String: TestHTTPServer.Reply]
  private var path = ""

  init(routes: [String: TestHTTPServer.Reply]) {
    self.routes = routes
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      path = head.uri
    case .body:
      break
    case .end:
      reply(context: context)
    }
  }

  private func reply(context: ChannelHandlerContext) {
    switch routes[path] ?? .status(404) {
    case .json(let bytes):
      send(.ok, body: bytes, context: context)
    case .status(let code):
      send(
        HTTPResponseStatus(statusCode: code), body: Array("status \(code)".utf8), context: context)
    case .redirect(let location):
      send(.found, headers: ["Location": location], body: [], context: context)
    case .hang:
      break
    case .delayed(let delay, let bytes):
      let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
      context.eventLoop.scheduleTask(in: delay) {
        let (handler, context) = loopBound.value
        handler.send(.ok, body: bytes, context: context)
      }
    }
  }

  private func send(
    _ status: HTTPResponseStatus, headers extra: [String: String] = [:], body: [UInt8],
    context: ChannelHandlerContext
  ) {
    var headers = HTTPHeaders([
      ("Content-Type", "application/json"), ("Content-Length", "\(body.count)"),
    ])
    for (name, value) in extra { headers.add(name: name, value: value) }
    context.write(
      wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
      promise: nil)
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
  }
}
