#if canImport(Glibc)
  import Glibc
#endif

/// Whether a TCP connection to a server can be made at all: what tells a
/// TLS handshake the server cut off (it listens, but refused what it was
/// shown) from a server that is not there, when libldap says neither.
///
/// Threading: stateless; blocks the calling thread for at most the timeout
/// per address.
enum TCPProbe {
  /// Whether `host`:`port` accepts a connection within `timeout` (the
  /// connection is closed at once).
  static func accepts(host: String, port: Int, within timeout: Duration) -> Bool {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let found else { return false }
    defer { freeaddrinfo(found) }
    let milliseconds = Int32(clamping: timeout.components.seconds * 1000)
    var address: UnsafeMutablePointer<addrinfo>? = found
    while let current = address {
      if connects(current.pointee, milliseconds: milliseconds) { return true }
      address = current.pointee.ai_next
    }
    return false
  }

  private static func connects(_ address: addrinfo, milliseconds: Int32) -> Bool {
    let fd = socket(
      address.ai_family,
      address.ai_socktype | Int32(SOCK_NONBLOCK.rawValue)
        | Int32(SOCK_CLOEXEC.rawValue), address.ai_protocol)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    if connect(fd, address.ai_addr, address.ai_addrlen) == 0 { return true }
    guard errno == EINPROGRESS else { return false }
    var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    guard poll(&poller, 1, milliseconds) == 1 else { return false }
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 && failure == 0
  }
}
