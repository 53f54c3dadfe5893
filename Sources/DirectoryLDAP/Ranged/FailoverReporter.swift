import Directory
import SharedSupport

/// Where a directory and its `searching` views report a switch to another
/// server: the one handler the app set, if any.
///
/// Threading: `Sendable`; one lock. The handler is called on the connection's
/// queue that switched, outside the lock.
final class FailoverReporter: Sendable {
  private let stored = Locked<(@Sendable (DirectoryFailover) -> Void)?>(nil)

  var handler: (@Sendable (DirectoryFailover) -> Void)? {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }

  func report(_ failover: DirectoryFailover) {
    handler?(failover)
  }
}
