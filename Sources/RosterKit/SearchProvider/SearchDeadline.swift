import FoundationEssentials
import SharedSupport

/// Runs work with a time bound: the caller gets its result, or nil once
/// the bound passes, whichever comes first. The work is cancelled then but
/// not waited for (a blocked LDAP call ends in its own time, on its own
/// queue), so the shell, which waits on its providers, never waits longer
/// than the bound.
///
/// Threading: any thread.
enum SearchDeadline {
  /// `operation`'s result, or nil after `limit`.
  static func run<Value: Sendable>(
    within limit: Duration, _ operation: @escaping @Sendable () async -> Value?
  ) async -> Value? {
    let state = Locked<CheckedContinuation<Value?, Never>?>(nil)
    let finish: @Sendable (Value?) -> Void = { value in
      state.withLock { continuation in
        continuation?.resume(returning: value)
        continuation = nil
      }
    }
    var work: Task<Void, Never>?
    var timer: Task<Void, Never>?
    let value = await withCheckedContinuation { continuation in
      state.withLock { $0 = continuation }
      work = Task.detached { finish(await operation()) }
      timer = Task.detached {
        try? await Task.sleep(for: limit)
        finish(nil)
      }
    }
    work?.cancel()
    timer?.cancel()
    return value
  }
}
