import Foundation
import LDAPDemo
import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP proxy on 127.0.0.1 (port chosen by the kernel) in front of a real server, that holds
/// back each chunk the server sends by a random delay (seeded; 0-500 ms unless told), keeping
/// the order of each connection's bytes. Requests from the client pass straight through. While
/// paused, nothing reaches any client; `resume` lets it through in order. Tests use it to make
/// answers arrive late and in a controlled way, through real sockets. Given a certificate, it
/// also ends TLS for a plain server behind it, as a site's reverse proxy does (GIO's TLS).
///
///     let proxy = try await DelayingTCPProxy.start(targetPort: server.port, seed: 7)
///     // connect to 127.0.0.1:proxy.port instead of the server
///     try await proxy.stop()
///
/// Threading: `Sendable`; settings and counters are behind a lock. Each connection runs on
/// three threads of its own: client to server, server to the held queue, and the queue to the
/// client (``ProxiedConnection``).
public final class DelayingTCPProxy: Sendable {
  struct State {
    var random: SeededRandom
    var delays: ClosedRange<Int>
    var isPaused = false
    var chunksReceived = 0
    var chunksDelayed = 0
    var connections = 0
    var open: [ObjectIdentifier: ProxiedConnection] = [:]
  }

  let state: Locked<State>
  private let listener = Locked<TCPListener?>(nil)
  let target: (host: String, port: Int)
  private let identity: TLSIdentity?

  /// The port clients connect to.
  public var port: Int { listener.withLock { $0?.port ?? 0 } }

  private init(
    host: String, port: Int, delays: ClosedRange<Int>, seed: UInt64,
    tls: SlapdConfiguration.TLSFiles?
  ) throws {
    target = (host, port)
    identity = try tls.map(TLSIdentity.init)
    state = Locked(State(random: SeededRandom(seed: seed), delays: delays))
    let listener = try TCPListener { [weak self] client in self?.serve(client) }
    self.listener.withLock { $0 = listener }
  }

  /// A proxy to `targetHost`:`targetPort` delaying each chunk from it by `delays` milliseconds;
  /// clients speak TLS to it with `tls`'s certificate when given (the server behind it stays
  /// plain).
  public static func start(
    targetHost: String = "127.0.0.1", targetPort: Int, delays: ClosedRange<Int> = 0...500,
    seed: UInt64 = 1, tls: SlapdConfiguration.TLSFiles? = nil
  ) async throws -> DelayingTCPProxy {
    precondition(delays.lowerBound >= 0, "delays cannot be negative")
    return try DelayingTCPProxy(
      host: targetHost, port: targetPort, delays: delays, seed: seed, tls: tls)
  }

  /// Stops accepting and closes every connection.
  public func stop() async throws {
    listener.withLock { $0?.stop() }
    for connection in state.withLock({ Array($0.open.values) }) { connection.closeBoth() }
  }

  /// Holds every server answer (already received or still to come) until `resume`.
  public func pause() {
    state.withLock { $0.isPaused = true }
  }

  /// Lets held answers through, each when its delay is over, in order.
  public func resume() {
    let connections = state.withLock { state in
      state.isPaused = false
      return Array(state.open.values)
    }
    for connection in connections { connection.wake() }
  }

  /// From now on, delays each chunk by `delays` milliseconds.
  public func setDelays(_ delays: ClosedRange<Int>) {
    precondition(delays.lowerBound >= 0, "delays cannot be negative")
    state.withLock { $0.delays = delays }
  }

  /// Chunks received from the server so far (handed on or held).
  public var chunksReceived: Int { state.withLock { $0.chunksReceived } }
  /// Chunks from the server handed on to a client so far.
  public var chunksDelayed: Int { state.withLock { $0.chunksDelayed } }
  /// Connections accepted so far.
  public var connections: Int { state.withLock { $0.connections } }

  var isPaused: Bool { state.withLock { $0.isPaused } }

  /// The delay of a chunk just received from the server.
  func nextDelay() -> Duration {
    state.withLock { state in
      state.chunksReceived += 1
      let span = UInt64(state.delays.count)
      return .milliseconds(Int64(state.delays.lowerBound) + Int64(state.random.next() % span))
    }
  }

  func countChunk() {
    state.withLock { $0.chunksDelayed += 1 }
  }

  /// Joins `client` to a new connection to the target, until either hangs up.
  private func serve(_ client: Int32) {
    guard let server = Sockets.connect(host: target.host, port: target.port) else { return }
    defer { close(server) }
    let stream: any ByteStream
    if let identity {
      guard let tls = TLSServerStream(socket: client, identity: identity) else { return }
      stream = tls
    } else {
      stream = SocketStream(client)
    }
    let connection = ProxiedConnection(proxy: self, client: stream, server: server)
    state.withLock {
      $0.connections += 1
      $0.open[ObjectIdentifier(connection)] = connection
    }
    connection.run()
    _ = state.withLock { $0.open.removeValue(forKey: ObjectIdentifier(connection)) }
  }
}

/// xorshift64: a seeded generator, so a test's delays are the same on every run.
///
/// Threading: a value, kept behind the proxy's lock.
struct SeededRandom {
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
