import LDAPDemo

/// A port on 127.0.0.1 that refuses connections: it was bound (the kernel
/// chose it) and closed again, so nothing listens there and a connect is
/// answered with a reset at once.
///
/// Threading: a plain `Sendable` value.
public struct RefusingPort: Sendable {
  public let port: Int

  public init() throws {
    port = try DemoLDAPServer.freePort()
  }

  /// `http://127.0.0.1:PORT` + `path`.
  public func httpURL(_ path: String = "/") -> String {
    "http://127.0.0.1:\(port)\(path)"
  }
}
