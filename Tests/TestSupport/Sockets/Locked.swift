import Foundation

/// A value behind a pthread mutex (`NSLock`), for the test servers' state
/// shared between their connection threads. Thread Sanitizer sees a
/// pthread mutex's ordering; a contended `Synchronization.Mutex` hands over
/// in the kernel (a priority-inheritance futex), where it sees none and
/// reports the guarded state as racing.
///
/// Threading: `Sendable`; `withLock` may be called from any thread.
public final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) { self.value = value }

  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
