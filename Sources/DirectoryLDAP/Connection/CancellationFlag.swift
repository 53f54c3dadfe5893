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
}
