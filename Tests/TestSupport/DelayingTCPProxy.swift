import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A TCP proxy on 127.0.0.1 (port chosen by the kernel) in front of a real server, that holds
/// back each chunk the server sends by a random delay (seeded; 0-500 ms unless told), keeping
/// the order of each connection's bytes. Requests from the client pass straight through. While
/// paused, nothing reaches any client; `resume` lets it through in order. Tests use it to make
/// answers arrive late and in a controlled way, through real sockets. Given a TLS context, it
/// also ends TLS for a plain server behind it, as a site's reverse proxy does.
///
///     let proxy = try await DelayingTCPProxy.start(targetPort: server.port, seed: 7)
///     // connect to 127.0.0.1:proxy.port instead of the server
///     try await proxy.stop()
///
/// Threading: `Sendable`; settings and counters are guarded by a mutex, each connection's bytes
/// are handled on its event loop (both of its sockets share one).
public final class DelayingTCPProxy: Sendable {
  private struct State {
    var random: SeededRandom
    var delays: ClosedRange<Int>
    var isPaused = false
    var chunksReceived = 0
    var chunksDelayed = 0
    var connections = 0
    var open: [ObjectIdentifier: NIOLoopBound<ServerSideHandler>] = [:]
  }

  private let state: NIOLockedValueBox<State>
  private let listener: NIOLockedValueBox<(any Channel)?> = NIOLockedValueBox(nil)
  private let portNumber = NIOLockedValueBox(0)
  let target: (host: String, port: Int)
  private let tls: NIOSSLContext?

  /// The port clients connect to.
  public var port: Int { portNumber.withLockedValue { $0 } }

  private init(
    host: String, port: Int, delays: ClosedRange<Int>, seed: UInt64, tls: NIOSSLContext?
  ) {
    target = (host, port)
    self.tls = tls
    state = NIOLockedValueBox(State(random: SeededRandom(seed: seed), delays: delays))
  }

  /// A proxy to `targetHost`:`targetPort` delaying each chunk from it by `delays` milliseconds;
  /// clients speak TLS to it when `tls` is given (the server behind it stays plain).
  public static func start(
    targetHost: String = "127.0.0.1", targetPort: Int, delays: ClosedRange<Int> = 0...500,
    seed: UInt64 = 1, tls: NIOSSLContext? = nil
  ) async throws -> DelayingTCPProxy {
    precondition(delays.lowerBound >= 0, "delays cannot be negative")
    let proxy = DelayingTCPProxy(
      host: targetHost, port: targetPort, delays: delays, seed: seed, tls: tls)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { client in proxy.connect(client) }
      .bind(host: "127.0.0.1", port: 0)
      .get()
    proxy.listener.withLockedValue { $0 = channel }
    proxy.portNumber.withLockedValue { $0 = channel.localAddress?.port ?? 0 }
    return proxy
  }

  /// Stops accepting and closes every connection.
  public func stop() async throws {
    let channel = listener.withLockedValue { channel in
      defer { channel = nil }
      return channel
    }
    try await channel?.close()
    for handler in state.withLockedValue({ Array($0.open.values) }) {
      handler.eventLoop.execute { handler.value.closeBoth() }
    }
  }

  /// Holds every server answer (already received or still to come) until `resume`.
  public func pause() {
    state.withLockedValue { $0.isPaused = true }
  }

  /// Lets held answers through, each when its delay is over, in order.
  public func resume() {
    let handlers = state.withLockedValue { state in
      state.isPaused = false
      return Array(state.open.values)
    }
    for handler in handlers { handler.eventLoop.execute { handler.value.release() } }
  }

  /// From now on, delays each chunk by `delays` milliseconds.
  public func setDelays(_ delays: ClosedRange<Int>) {
    precondition(delays.lowerBound >= 0, "delays cannot be negative")
    state.withLockedValue { $0.delays = delays }
  }

  /// Chunks received from the server so far (handed on or held).
  public var chunksReceived: Int { state.withLockedValue { $0.chunksReceived } }
  /// Chunks from the server handed on to a client so far.
  public var chunksDelayed: Int { state.withLockedValue { $0.chunksDelayed } }
  /// Connections accepted so far.
  public var connections: Int { state.withLockedValue { $0.connections } }

  var isPaused: Bool { state.withLockedValue { $0.isPaused } }

  /// The delay of a chunk just received from the server.
  func nextDelay() -> TimeAmount {
    state.withLockedValue { state in
      state.chunksReceived += 1
      let span = UInt64(state.delays.count)
      return .milliseconds(Int64(state.delays.lowerBound) + Int64(state.random.next() % span))
    }
  }

  func countChunk() {
    state.withLockedValue { $0.chunksDelayed += 1 }
  }

  func register(_ handler: ServerSideHandler, on eventLoop: any EventLoop) {
    state.withLockedValue {
      $0.connections += 1
      $0.open[ObjectIdentifier(handler)] = NIOLoopBound(handler, eventLoop: eventLoop)
    }
  }

  func unregister(_ handler: ServerSideHandler) {
    _ = state.withLockedValue { $0.open.removeValue(forKey: ObjectIdentifier(handler)) }
  }

  /// Connects to the target on `client`'s event loop and joins the two sockets.
  private func connect(_ client: any Channel) -> EventLoopFuture<Void> {
    ClientBootstrap(group: client.eventLoop)
      .connect(host: target.host, port: target.port)
      .flatMapThrowing { server in
        let serverSide = ServerSideHandler(proxy: self, client: client)
        try server.pipeline.syncOperations.addHandler(serverSide)
        if let tls = self.tls {
          try client.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
        }
        try client.pipeline.syncOperations.addHandler(ClientSideHandler(server: server))
        self.register(serverSide, on: client.eventLoop)
      }
  }
}

/// xorshift64: a seeded generator, so a test's delays are the same on every run.
///
/// Threading: a value, kept inside the proxy's mutex.
private struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
  }

  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
}
