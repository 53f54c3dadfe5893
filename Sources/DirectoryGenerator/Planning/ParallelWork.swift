import Dispatch
import Foundation

/// Runs independent, CPU-bound jobs on every core and gathers their results
/// in order.
///
/// Threading: `perform` blocks its caller; `body` runs concurrently on
/// Dispatch's worker threads and must only touch its own job's data.
enum ParallelWork {
  static func perform<Result: Sendable>(
    count: Int, _ body: @Sendable (Int) throws -> Result
  ) throws -> [Result] {
    let slots = Slots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      guard !slots.hasFailed else { return }
      do {
        slots.store(try body(index), at: index)
      } catch {
        slots.fail(error)
      }
    }
    return try slots.results()
  }
}

/// Result slots shared by the concurrent jobs.
///
/// Threading: `@unchecked Sendable`; every access takes `lock`.
private final class Slots<Result: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Result?]
  private var error: (any Error)?

  init(count: Int) {
    values = Array(repeating: nil, count: count)
  }

  var hasFailed: Bool { lock.withLock { error != nil } }

  func store(_ value: Result, at index: Int) {
    lock.withLock { values[index] = value }
  }

  func fail(_ error: any Error) {
    lock.withLock { self.error = self.error ?? error }
  }

  func results() throws -> [Result] {
    try lock.withLock {
      if let error { throw error }
      return values.map { $0! }
    }
  }
}
