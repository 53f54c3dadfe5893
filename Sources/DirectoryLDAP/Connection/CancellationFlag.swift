import Directory
import Glibc
import SharedSupport

/// Set when the Swift task that asked for an LDAP operation is cancelled;
/// the connection's thread checks it between waits and abandons the
/// operation.
///
/// Threading: `Sendable`; one lock.
final class CancellationFlag: Sendable {
  private let state = Locked(false)

  var isCancelled: Bool { state.withLock { $0 } }

  func cancel() {
    state.withLock { $0 = true }
  }

  /// Waits `interval`, looking at the flag every 100 ms: throws
  /// ``DirectoryError/cancelled`` soon after it is raised.
  func sleep(for interval: Duration) throws(DirectoryError) {
    let end = ContinuousClock.now + interval
    while ContinuousClock.now < end {
      if isCancelled { throw .cancelled }
      let slice = min(end - ContinuousClock.now, .milliseconds(100))
      usleep(useconds_t(max(0, slice / .microseconds(1))))
    }
  }
}
