import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One client's connection through a ``DelayingTCPProxy``: what the client
/// sends goes straight to the server; each chunk from the server is held
/// until its delay is over (and the proxy is not paused), then handed to
/// the client. A chunk is never due before the one ahead of it, so the
/// bytes keep their order. When the server hangs up, the client is closed
/// once everything held has gone out.
///
/// Threading: `run` blocks the connection's thread (it hands the held
/// chunks on) and starts one thread per direction of reading; the queue is
/// behind `condition`.
final class ProxiedConnection: @unchecked Sendable {
  private unowned let proxy: DelayingTCPProxy
  private let client: any ByteStream
  private let server: Int32
  private let condition = NSCondition()
  // Behind `condition`:
  private var held: [(due: ContinuousClock.Instant, bytes: [UInt8])] = []
  private var lastDue = ContinuousClock.now
  private var serverClosed = false
  private var closed = false

  init(proxy: DelayingTCPProxy, client: any ByteStream, server: Int32) {
    self.proxy = proxy
    self.client = client
    self.server = server
  }

  /// Serves until either side hangs up or the proxy stops; returns once
  /// both reading threads have ended.
  func run() {
    let readers = DispatchGroup()
    readers.enter()
    Thread.detachNewThread { [self] in
      while case let bytes = client.read(), !bytes.isEmpty, Sockets.write(server, bytes) {}
      closeBoth()
      readers.leave()
    }
    readers.enter()
    Thread.detachNewThread { [self] in
      while case let bytes = Sockets.read(server), !bytes.isEmpty { hold(bytes) }
      condition.withLock { serverClosed = true }
      condition.broadcast()
      readers.leave()
    }
    handOn()
    closeBoth()
    readers.wait()
  }

  private func hold(_ bytes: [UInt8]) {
    let delay = proxy.nextDelay()
    condition.withLock {
      let due = max(ContinuousClock.now + delay, lastDue)
      lastDue = due
      held.append((due, bytes))
    }
    condition.broadcast()
  }

  /// Hands on every chunk that is due, waiting for the next, until closed.
  private func handOn() {
    condition.lock()
    defer { condition.unlock() }
    while !closed {
      guard let first = held.first, !proxy.isPaused else {
        if serverClosed && held.isEmpty { return }
        condition.wait()
        continue
      }
      let now = ContinuousClock.now
      guard first.due <= now else {
        let wait = now.duration(to: first.due)
        let (seconds, attoseconds) = wait.components
        _ = condition.wait(
          until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
        continue
      }
      held.removeFirst()
      condition.unlock()
      let sent = client.write(first.bytes)
      proxy.countChunk()
      condition.lock()
      if !sent { return }
    }
  }

  /// Wakes the sender (the proxy resumed).
  func wake() {
    condition.broadcast()
  }

  /// Drops what is held and hangs up on both sides.
  func closeBoth() {
    condition.withLock {
      closed = true
      held.removeAll()
    }
    condition.broadcast()
    client.shutdown()
    shutdown(server, Int32(SHUT_RDWR))
  }
}
