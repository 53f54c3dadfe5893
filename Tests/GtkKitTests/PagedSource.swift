import Foundation
import GtkKit

/// An in-process source of `count` strings ("\(prefix)\(position)") read a
/// page at a time, the cheap real thing behind a ``RangedListModel``: its
/// fetches can be held until the test releases them, can fail on demand,
/// and every request and cancellation it sees is recorded.
///
/// Threading: `Sendable`; its state is behind a lock, so a test on the main
/// thread reads it without awaiting.
final class PagedSource: @unchecked Sendable {
  /// The error a failing source throws.
  struct Failure: Error {}

  private let lock = NSLock()
  private var count: Int
  private var prefix: String
  private var holding: Bool
  private let honoursCancellation: Bool
  private var failing = false
  private var requested: [Range<Int>] = []
  private var cancelled: [Range<Int>] = []
  private var cancelledCalls: Set<Int> = []
  private var held: [Int: CheckedContinuation<Void, Never>] = [:]
  private var calls = 0

  /// A source of `count` strings; `holding` keeps each fetch waiting for
  /// ``release()``; a cancelled fetch gives up at once only when
  /// `honoursCancellation`, else it answers when released, like a server
  /// whose reply is already on its way.
  init(count: Int, prefix: String = "e", holding: Bool = false, honoursCancellation: Bool = true) {
    self.count = count
    self.prefix = prefix
    self.holding = holding
    self.honoursCancellation = honoursCancellation
  }

  /// The element at `position`, as the source answers it now.
  func element(_ position: Int) -> String { lock.withLock { "\(prefix)\(position)" } }

  /// The ranges asked for, in the order the fetches began.
  var requests: [Range<Int>] { lock.withLock { requested } }
  /// The ranges whose fetch saw its task cancelled.
  var cancellations: [Range<Int>] { lock.withLock { cancelled } }
  /// Fetches waiting for ``release()``.
  var heldCount: Int { lock.withLock { held.count } }

  /// Changes what later fetches answer.
  func change(count: Int? = nil, prefix: String? = nil, failing: Bool? = nil, holding: Bool? = nil)
  {
    lock.withLock {
      if let count { self.count = count }
      if let prefix { self.prefix = prefix }
      if let failing { self.failing = failing }
      if let holding { self.holding = holding }
    }
  }

  /// Lets every held fetch answer.
  func release() {
    let waiting = lock.withLock {
      defer { held = [:] }
      return held.values
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Reads `range`; the model calls it off the main actor.
  @Sendable func fetch(_ range: Range<Int>) async throws -> ElementRange<String> {
    let (call, holds) = lock.withLock {
      requested.append(range)
      calls += 1
      return (calls, holding)
    }
    if holds {
      await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let giveUp = lock.withLock {
            if honoursCancellation, cancelledCalls.contains(call) { return true }
            held[call] = continuation
            return false
          }
          if giveUp { continuation.resume() }
        }
      } onCancel: {
        self.cancel(call, range)
      }
    }
    if honoursCancellation { try Task.checkCancellation() }
    return try lock.withLock {
      if failing { throw Failure() }
      let positions = range.clamped(to: 0..<count)
      return ElementRange(
        offset: range.lowerBound, elements: positions.map { "\(prefix)\($0)" }, count: count)
    }
  }

  private func cancel(_ call: Int, _ range: Range<Int>) {
    let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      cancelled.append(range)
      cancelledCalls.insert(call)
      return honoursCancellation ? held.removeValue(forKey: call) : nil
    }
    waiting?.resume()
  }
}
