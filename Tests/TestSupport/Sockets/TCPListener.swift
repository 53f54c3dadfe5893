import Foundation
import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP listener on 127.0.0.1 (port chosen by the kernel) that serves each
/// connection on a thread of its own: the test servers' plain sockets.
/// ``stop()`` closes the listener and every connection still open.
///
/// Threading: `Sendable`; the accept loop runs on a thread of its own.
public final class TCPListener: Sendable {
  public let port: Int
  private let descriptor: Int32
  private let open = Locked<(stopped: Bool, clients: Set<Int32>)>((false, []))

  /// Listens; `serve` is called with each connection's socket on a new
  /// thread, and the socket is closed when it returns (never before).
  public init(_ serve: @escaping @Sendable (Int32) -> Void) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && listen(descriptor, 256) == 0
          && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
    let open = open
    // The threads close the descriptors they use, never `stop`: a number
    // closed under a thread still sleeping on it could be handed to a new
    // socket (the next test's), which the thread would then write to.
    Thread.detachNewThread {
      while true {
        let client = accept(descriptor, nil, nil)
        guard client >= 0 else { break }  // `stop` shut the listener down
        let taken = open.withLock { state in
          guard !state.stopped else { return false }
          state.clients.insert(client)
          return true
        }
        guard taken else {
          close(client)
          break
        }
        Thread.detachNewThread {
          serve(client)
          open.withLock { _ = $0.clients.remove(client) }
          close(client)
        }
      }
      close(descriptor)
    }
  }

  /// Stops accepting and hangs up on every connection still open: their
  /// reads end and their writes fail, and their threads close them.
  public func stop() {
    let clients = open.withLock { state -> Set<Int32> in
      guard !state.stopped else { return [] }
      state.stopped = true
      shutdown(descriptor, Int32(SHUT_RDWR))
      return state.clients
    }
    for client in clients { shutdown(client, Int32(SHUT_RDWR)) }
  }

  deinit { stop() }
}

/// Blocking socket I/O for the test servers.
///
/// Threading: stateless; each socket is used by the threads of its own
/// connection.
public enum Sockets {
  /// A connection to `host` (an IPv4 address or "localhost") and `port`.
  public static func connect(host: String, port: Int) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(clamping: port).bigEndian
    address.sin_addr.s_addr = inet_addr(host == "localhost" ? "127.0.0.1" : host)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Writes all of `bytes`; false once the peer is gone.
  @discardableResult
  public static func write(_ descriptor: Int32, _ bytes: some Collection<UInt8>) -> Bool {
    let bytes = Array(bytes)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// Up to `limit` bytes; empty at the end of the stream or on an error.
  public static func read(_ descriptor: Int32, limit: Int = 16 << 10) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: limit)
    let count = Glibc.read(descriptor, &buffer, limit)
    return count > 0 ? Array(buffer[..<count]) : []
  }

  /// A message's head up to its blank line (at most 64 KiB), and the bytes
  /// read past it; nil when the peer hangs up first.
  public static func readHead(_ read: () -> [UInt8]) -> (head: String, rest: [UInt8])? {
    var bytes: [UInt8] = []
    let blank = Array("\r\n\r\n".utf8)
    while bytes.count < 64 << 10 {
      let chunk = read()
      guard !chunk.isEmpty else { return nil }
      bytes += chunk
      if let end = bytes.firstRange(of: blank) {
        return (
          String(decoding: bytes[..<end.upperBound], as: UTF8.self),
          Array(bytes[end.upperBound...])
        )
      }
    }
    return nil
  }

  /// Copies bytes both ways between two sockets until either side closes.
  public static func pump(_ first: Int32, _ second: Int32) {
    var descriptors = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    while poll(&descriptors, 2, -1) > 0 {
      for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
        let bytes = read(descriptor.fd)
        guard !bytes.isEmpty, write(descriptors[1 - index].fd, bytes) else { return }
      }
    }
  }
}
