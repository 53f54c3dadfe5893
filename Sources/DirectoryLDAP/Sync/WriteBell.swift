import Directory
import Dispatch

/// Rung each time Roster writes to a server, and heard by a sync that asks
/// the server for changes at intervals (``LDAPDirSync``): a change made
/// from Roster reaches its offline copy after one question, not after the
/// rest of the interval. One bell serves a directory and all its views.
///
/// Threading: `Sendable`; rung from any thread, waited on by one.
final class WriteBell: Sendable {
  private let rings = DispatchSemaphore(value: 0)

  /// Tells the waiting sync that the server has changed.
  func ring() { rings.signal() }

  /// Waits `interval`, or until the bell rings, looking at `flag` every
  /// 100 ms: throws ``DirectoryError/cancelled`` soon after it is raised.
  /// Every ring heard is used up: one question answers them all.
  func wait(upTo interval: Duration, flag: CancellationFlag) throws(DirectoryError) {
    let end = ContinuousClock.now + interval
    while true {
      if flag.isCancelled { throw .cancelled }
      let left = end - ContinuousClock.now
      guard left > .zero else { return }
      let slice = min(left, .milliseconds(100))
      let deadline = DispatchTime.now() + .nanoseconds(Int(slice / .nanoseconds(1)))
      if rings.wait(timeout: deadline) == .success {
        while rings.wait(timeout: .now()) == .success {}
        return
      }
    }
  }
}
