/// A one-way gate tasks wait at until it opens, once, for good: what
/// waits for a moment that comes once (a window's first rows on screen)
/// rather than for a value.
///
///     let shown = Gate()
///     Task { await shown.wait(atMost: .milliseconds(500)); startTheRest() }
///     …
///     shown.open()
///
/// Threading: any thread; a lock guards the state (``Locked``: Thread
/// Sanitizer sees it), and waiters resume outside it.
public final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  public init() {}

  /// Whether the gate has opened.
  public var isOpen: Bool { state.withLock { $0.isOpen } }

  /// Opens the gate: every waiter goes on, and later waits return at once.
  public func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for waiter in waiting { waiter.resume() }
  }

  /// Returns once the gate is open.
  public func wait() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiting.append(waiter) }
        return state.isOpen
      }
      if isOpen { waiter.resume() }
    }
  }

  /// Returns once the gate is open, or after `limit` at most (the gate is
  /// then opened for everyone: what it waited for is not coming soon).
  public func wait(atMost limit: Duration) async {
    guard !isOpen else { return }
    let timer = Task { [self] in
      try? await Task.sleep(for: limit)
      open()
    }
    await wait()
    timer.cancel()
  }
}
