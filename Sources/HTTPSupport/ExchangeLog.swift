import SharedSupport

/// The exchanges of one ``HTTPSession`` that have not finished, each with the step it is at
/// and since when: what a test whose wait for a download ran out reports
/// (``HTTPSession/inFlightReport()``).
///
/// Threading: `Sendable`; a ``Locked`` pthread mutex guards the entries (any thread reads
/// them; the network thread and the sending task write them). Not `Mutex`: a contended
/// `Synchronization.Mutex` hands over in the kernel, where Thread Sanitizer sees no order.
final class ExchangeLog: Sendable {
  /// Where an exchange is.
  enum Step: Sendable {
    /// Handed to the network thread, not started there yet.
    case queued
    /// Sent to libsoup (`soup_session_send_async`): connecting, writing the request or
    /// waiting for the answer's head.
    case sent
    /// The answer's head arrived (this status); its body is being read (this many bytes so
    /// far).
    case readingBody(status: Int, bytes: Int)
  }

  private struct Entry: Sendable {
    let url: String
    let begun: ContinuousClock.Instant
    var step: Step
    var since: ContinuousClock.Instant
    let cancellable: Cancellable
  }

  private let entries = Locked<[ObjectIdentifier: Entry]>([:])

  func begin(_ exchange: ObjectIdentifier, url: String, cancellable: Cancellable) {
    let now = ContinuousClock.now
    entries.withLock { entries in
      entries[exchange] = Entry(
        url: url, begun: now, step: .queued, since: now, cancellable: cancellable)
    }
  }

  func update(_ exchange: ObjectIdentifier, _ step: Step) {
    let now = ContinuousClock.now
    entries.withLock { entries in
      entries[exchange]?.step = step
      entries[exchange]?.since = now
    }
  }

  func end(_ exchange: ObjectIdentifier) {
    _ = entries.withLock { $0.removeValue(forKey: exchange) }
  }

  /// One line per exchange, oldest first: its address, its step and for how long, its age,
  /// and whether it was cancelled.
  var report: [String] {
    let now = ContinuousClock.now
    let open = entries.withLock { Array($0.values) }
    return open.sorted { $0.begun < $1.begun }.map { entry in
      let step: String
      switch entry.step {
      case .queued: step = "queued for the network thread"
      case .sent: step = "sent, no answer yet"
      case .readingBody(let status, let bytes): step = "status \(status), \(bytes) body bytes read"
      }
      return "\(entry.url): \(step) for \(Self.milliseconds(now - entry.since)) ms "
        + "(begun \(Self.milliseconds(now - entry.begun)) ms ago)"
        + (entry.cancellable.isCancelled ? ", cancelled" : "")
    }
  }

  private static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
