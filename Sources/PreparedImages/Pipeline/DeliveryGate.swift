import Dispatch
import SharedSupport

/// Where finished results wait on their way to the main thread while a test holds them: the
/// late result that meets a recycled row, made to happen rather than hoped for.
///
/// A result is late when it sits in the main queue while the row that asked for it is re-bound
/// to another person. On a fast machine that window is short and a scroll may never hit it; a
/// test that must see it holds the results here, re-binds the rows, then lets the results go,
/// oldest first, and asserts on exactly what the rows show. Open (the default), a result goes
/// straight on to ``Delivery``.
///
/// Threading: `Sendable`; a lock guards the held results, which are sent outside it.
final class DeliveryGate: Sendable {
  private struct Held: Sendable {
    let result: Result<PreparedImage, ImageFailure>
    let deliveries: [ImageDelivery]
  }

  private struct State {
    var isHolding = false
    var held: [Held] = []
    /// Subscribers of released results whose delivery has run on the main thread.
    var delivered = 0
  }

  private let state = Locked(State())

  /// Sends `result` to `deliveries` on the main thread, or keeps it while the gate holds.
  func send(_ result: Result<PreparedImage, ImageFailure>, to deliveries: [ImageDelivery]) {
    guard !deliveries.isEmpty else { return }
    let passes = state.withLock { state in
      if state.isHolding { state.held.append(Held(result: result, deliveries: deliveries)) }
      return !state.isHolding
    }
    if passes { Delivery.send(result, to: deliveries) }
  }

  /// Keeps every result finished from now on until ``release(first:)``.
  func hold() {
    state.withLock { $0.isHolding = true }
  }

  /// Subscribers whose results the gate holds.
  var heldCount: Int {
    state.withLock { $0.held.reduce(0) { $0 + $1.deliveries.count } }
  }

  /// Subscribers of released results whose delivery has run on the main thread.
  var deliveredCount: Int { state.withLock { $0.delivered } }

  /// Whether the gate holds results now.
  var isHolding: Bool { state.withLock { $0.isHolding } }

  /// Sends the results that finished first, up to `count` subscribers' worth (whole results
  /// only), in the order they finished; the gate goes on holding later ones. With nil, sends
  /// every held result and opens the gate. Returns how many subscribers were released.
  @discardableResult
  func release(first count: Int? = nil) -> Int {
    let released = state.withLock { state -> [Held] in
      guard let count else {
        state.isHolding = false
        defer { state.held = [] }
        return state.held
      }
      var taken = 0
      var end = 0
      while end < state.held.count, taken + state.held[end].deliveries.count <= count {
        taken += state.held[end].deliveries.count
        end += 1
      }
      defer { state.held.removeFirst(end) }
      return Array(state.held[..<end])
    }
    for held in released {
      DispatchQueue.main.async { [state] in
        MainActor.assumeIsolated {
          for deliver in held.deliveries { deliver(held.result) }
        }
        state.withLock { $0.delivered += held.deliveries.count }
      }
    }
    return released.reduce(0) { $0 + $1.deliveries.count }
  }
}
