import Glibc

/// A mutual-exclusion lock over a pthread mutex, for state shared between
/// threads that Swift's `Mutex` cannot hold (state spread over a class's
/// stored properties). Thread Sanitizer sees its hand-overs.
///
/// Threading: `Sendable`; not recursive.
public final class Lock: @unchecked Sendable {
  fileprivate let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  /// An unlocked lock.
  public init() {
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Waits for the lock and takes it.
  public func lock() { pthread_mutex_lock(mutex) }

  /// Gives the lock back.
  public func unlock() { pthread_mutex_unlock(mutex) }

  /// Runs `body` holding the lock.
  public func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A ``Lock`` with a condition variable: threads wait under the lock until
/// another changes what they wait for and signals.
///
/// Threading: `Sendable`; `wait` only while holding the lock.
public final class Condition: @unchecked Sendable {
  private let lock = Lock()
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// A condition on an unlocked lock. Timed waits use the monotonic clock,
  /// so a change of the wall clock neither ends nor stretches them.
  public init() {
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
  }

  /// Runs `body` holding the lock.
  public func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
    try lock.withLock(body)
  }

  /// Gives the lock back until signalled (or woken spuriously), then takes
  /// it again. Call while holding the lock, in a loop that checks.
  public func wait() {
    pthread_cond_wait(condition, lock.mutex)
  }

  /// Like ``wait()`` for at most `duration`; false when the time ran out.
  @discardableResult
  public func wait(for duration: Duration) -> Bool {
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    // At most a year: a deadline the clock's seconds can hold.
    let wait = min(max(duration, .zero), .seconds(31_536_000))
    let nanoseconds = Int(deadline.tv_nsec) + Int(wait.nanoseconds)
    deadline.tv_sec += nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    return pthread_cond_timedwait(condition, lock.mutex, &deadline) != ETIMEDOUT
  }

  /// Wakes one waiting thread.
  public func signal() { pthread_cond_signal(condition) }

  /// Wakes every waiting thread.
  public func broadcast() { pthread_cond_broadcast(condition) }
}

/// A value behind a ``Lock``, used as Swift's `Mutex` is (`withLock`
/// hands the body the value, `inout`) but over a pthread mutex: Thread
/// Sanitizer sees its hand-overs. A contended `Synchronization.Mutex`
/// hands over in the kernel (a priority-inheritance futex), where it sees
/// none and reports the guarded state as racing, or not, as the timing
/// falls. Roster uses this wherever `Mutex` would go
/// (`scripts/lint-unsafe.sh` fails on a `Mutex`).
///
/// Threading: `Sendable`; the lock guards the value.
public final class Locked<Value>: @unchecked Sendable {
  private let lock = Lock()
  private var value: Value

  public init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, holding the lock.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }
}
