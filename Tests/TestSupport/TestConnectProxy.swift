import Foundation
import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP proxy on 127.0.0.1 for tests of the system's proxy settings:
/// `CONNECT host:port` opens a tunnel (https through a proxy), and a
/// request in absolute form (`GET http://host:port/path`) is forwarded in
/// origin form (plain http through a proxy). It records where each
/// connection asked to go, so a test can tell what went through it.
///
/// Plain sockets and a thread per connection (``TCPListener``).
///
/// Threading: `Sendable`; ``targets`` may be read from any thread.
public final class TestConnectProxy: Sendable {
  private let asked = Locked<[String]>([])
  private let listener = Locked<TCPListener?>(nil)
  public let port: Int

  /// Listens on 127.0.0.1 on a free port.
  public init() throws {
    let asked = asked
    let listener = try TCPListener { client in Self.serve(client, asked: asked) }
    port = listener.port
    self.listener.withLock { $0 = listener }
  }

  /// "host:port" of every connection made through the proxy, in order.
  public var targets: [String] { asked.withLock { $0 } }

  /// Stops listening and closes the tunnels.
  public func stop() {
    listener.withLock { $0?.stop() }
  }

  /// `http://127.0.0.1:PORT`, as `https_proxy` and `http_proxy` name it.
  public var address: String { "http://127.0.0.1:\(port)" }

  private static func serve(_ client: Int32, asked: Locked<[String]>) {
    guard let (head, rest) = Sockets.readHead({ Sockets.read(client) }) else { return }
    let words = head.prefix { $0 != "\r\n" }.split(separator: " ")
    guard words.count == 3 else { return }
    let target: String
    let forward: [UInt8]
    let tunnel = words[0] == "CONNECT"
    if tunnel {
      target = String(words[1])
      forward = rest
    } else if words[1].hasPrefix("http://") {
      let address = words[1].dropFirst("http://".count)
      let slash = address.firstIndex(of: "/") ?? address.endIndex
      target = String(address[..<slash])
      let path = slash == address.endIndex ? "/" : String(address[slash...])
      let restOfHead = head.drop { $0 != "\r\n" }
      forward = Array("\(words[0]) \(path) \(words[2])\(restOfHead)".utf8) + rest
    } else {
      return
    }
    asked.withLock { $0.append(target) }
    guard let colon = target.lastIndex(of: ":"),
      let port = Int(target[target.index(after: colon)...]),
      let upstream = Sockets.connect(host: String(target[..<colon]), port: port)
    else { return }
    defer { close(upstream) }
    if tunnel {
      guard Sockets.write(client, "HTTP/1.1 200 Connection established\r\n\r\n".utf8) else {
        return
      }
    }
    guard Sockets.write(upstream, forward) else { return }
    Sockets.pump(client, upstream)
  }
}

/// Runs `body` with the environment variables `values` set (nil: unset),
/// then puts back what was there.
public func withEnvironment<T>(
  _ values: [String: String?], isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> T
) async rethrows -> T {
  let saved = values.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
  for (name, value) in values {
    if let value { setenv(name, value, 1) } else { unsetenv(name) }
  }
  defer {
    for (name, value) in saved {
      if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
  }
  return try await body()
}
