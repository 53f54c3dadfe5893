import CGLib
import FoundationEssentials

/// Helpers for code that drives the GLib main context by hand: tests, the
/// headless screenshot path and benchmarks.
///
/// Threading: main thread only.
public enum MainContext {
  /// Runs one iteration of the default main context.
  @MainActor @discardableResult
  public static func iterate(blocking: Bool = false) -> Bool {
    g_main_context_iteration(nil, blocking ? 1 : 0) != 0
  }

  /// Iterates the default context until `condition` holds or `timeout`
  /// passes; returns whether the condition held.
  @MainActor @discardableResult
  public static func run(
    until condition: @MainActor () -> Bool, timeout: Duration = .seconds(10)
  ) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      if clock.now >= deadline { return false }
      if !iterate(blocking: false) {
        // Nothing ready: sleep briefly instead of blocking forever, so the
        // deadline is honoured even when no source fires (idle time, as
        // the main-loop busy meter counts it).
        MainLoopBusyMeter.countingIdle { usleep(1000) }
      }
    }
    return true
  }

  /// Iterates the default context, blocking in poll between events as the application's own
  /// loop does, until `condition` holds or `timeout` passes; returns whether it held.
  ///
  /// For conditions only main-loop work changes (a tick callback, a signal handler, a block the
  /// main queue runs): the loop sleeps until the next event, so a condition another thread
  /// changes without waking the loop is seen late. ``run(until:timeout:)`` instead sleeps a
  /// millisecond at a time when nothing is ready, which sees any condition soon but wakes the
  /// main thread a thousand times a second and starts each frame up to a millisecond late:
  /// not how the app runs, so measurements of the app's frames use this one.
  @MainActor @discardableResult
  public static func runBlocking(
    until condition: @MainActor () -> Bool, timeout: Duration
  ) -> Bool {
    // A one-shot timeout at the deadline, only to wake the poll.
    let expired = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    expired.initialize(to: false)
    defer { expired.deallocate() }
    let milliseconds =
      timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
    let source = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(clamping: max(1, milliseconds)),
      { data in
        data!.assumingMemoryBound(to: Bool.self).pointee = true
        return 0
      }, expired, nil)
    while !condition() {
      if expired.pointee { return false }
      g_main_context_iteration(nil, 1)
    }
    if !expired.pointee { g_source_remove(source) }
    return true
  }

  /// Iterates the default context for `duration`.
  @MainActor public static func run(for duration: Duration) {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    run(until: { clock.now >= deadline }, timeout: duration + .seconds(1))
  }

  /// Waits, without blocking the loop, until `condition` holds or `timeout`
  /// passes; returns whether the condition held.
  ///
  /// Unlike ``run(until:timeout:)`` this is safe from code that the main
  /// queue is running (a `Task` on the main actor, a `DispatchQueue.main`
  /// block): iterating the context from there would not drain the main queue
  /// again, so main-actor work would stall until the nested loop gave up.
  @MainActor @discardableResult
  public static func wait(
    until condition: @MainActor () -> Bool, timeout: Duration = .seconds(10),
    checkEvery interval: Duration = .milliseconds(5)
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      if clock.now >= deadline { return false }
      try? await Task.sleep(for: interval)
    }
    return true
  }

  /// Lets the loop run for `duration` without blocking it (see ``wait(until:timeout:checkEvery:)``).
  @MainActor public static func wait(for duration: Duration) async {
    try? await Task.sleep(for: duration)
  }
}
