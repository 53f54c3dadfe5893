import CGLib
import FoundationEssentials

/// How long the main thread is busy: wall time less the time the default GLib main context
/// waits for something to do. Everything else is main-loop work — the frame clock's layout
/// and paint, input, timeouts, idles and the blocks the main queue runs (deliveries, flushes)
/// — so nothing that runs from the loop can escape it, not only the paint phase.
///
/// The waiting is timed by wrapping the context's poll function (GLib calls it with the
/// context unlocked, only to wait) and, when a benchmark or test drives the context by hand,
/// by ``MainContext/run(until:timeout:)``'s own pause between iterations.
///
/// Threading: main thread only. The poll function GLib calls runs on the thread that owns
/// the default context, the main thread; the totals are plain statics for that reason.
public enum MainLoopBusyMeter {
  /// Wall and idle time at one moment; the difference of two is what happened between them.
  public struct Reading: Sendable {
    /// Monotonic time of the reading, in nanoseconds.
    public let wallNanoseconds: UInt64
    /// Time spent waiting for work since the meter was installed, in nanoseconds.
    public let idleNanoseconds: UInt64

    /// Main-thread busy time from `earlier` to this reading, in milliseconds.
    public func busyMilliseconds(since earlier: Reading) -> Double {
      let wall = Double(wallNanoseconds &- earlier.wallNanoseconds)
      let idle = Double(idleNanoseconds &- earlier.idleNanoseconds)
      return max(0, wall - idle) / 1e6
    }

    /// Wall time from `earlier` to this reading, in milliseconds.
    public func wallMilliseconds(since earlier: Reading) -> Double {
      Double(wallNanoseconds &- earlier.wallNanoseconds) / 1e6
    }
  }

  nonisolated(unsafe) private static var idle: UInt64 = 0
  nonisolated(unsafe) private static var previousPoll: GPollFunc?
  nonisolated(unsafe) private static var installed = false

  /// Starts timing the default context's waits (once; later calls do nothing).
  @MainActor public static func install() {
    guard !installed else { return }
    installed = true
    let context = g_main_context_default()
    previousPoll = g_main_context_get_poll_func(context)
    g_main_context_set_poll_func(context, timedPoll)
  }

  /// The totals now.
  @MainActor public static func read() -> Reading {
    Reading(wallNanoseconds: now(), idleNanoseconds: idle)
  }

  /// Runs `wait` (a pause of a hand-driven loop) and counts it as idle.
  static func countingIdle(_ wait: () -> Void) {
    let start = now()
    wait()
    if installed { idle &+= now() &- start }
  }

  private static let timedPoll: GPollFunc = { descriptors, count, timeout in
    let start = MainLoopBusyMeter.now()
    let ready =
      MainLoopBusyMeter.previousPoll.map { $0(descriptors, count, timeout) }
      ?? g_poll(descriptors, count, timeout)
    MainLoopBusyMeter.idle &+= MainLoopBusyMeter.now() &- start
    return ready
  }

  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }
}
