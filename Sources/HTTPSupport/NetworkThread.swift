import CSoup
import Glibc

/// The one thread Roster's HTTP runs on: its own GLib main context, where
/// every ``HTTPSession``'s libsoup session lives and every exchange's
/// callbacks run. The application's main loop never waits on the network,
/// and libsoup, which is not thread-safe beyond sending, is only ever
/// touched here.
///
/// Threading: ``perform(_:)`` may be called from any thread; the work runs
/// on the network thread, in the order given.
final class NetworkThread: @unchecked Sendable {
  /// Made on first use; runs for the life of the process.
  static let shared = NetworkThread()

  /// The thread's main context (owned by it while its loop runs).
  private let context: OpaquePointer
  /// Work handed over and not yet run, behind `lock`: a pthread mutex, so
  /// that Thread Sanitizer sees the hand-over (GLib's own locks are futexes
  /// it cannot see).
  private var queue: [@Sendable () -> Void] = []
  /// When the oldest work in `queue` was handed over (behind `lock`).
  private var queuedSince: ContinuousClock.Instant?
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  private init() {
    pthread_mutex_init(lock, nil)
    context = g_main_context_new()
    let loop = g_main_loop_new(context, 0)
    let thread = g_thread_new(
      "roster-http",
      { data in
        let loop = OpaquePointer(data)
        g_main_context_push_thread_default(g_main_loop_get_context(loop))
        g_main_loop_run(loop)
        return nil
      }, UnsafeMutableRawPointer(loop))
    g_thread_unref(thread)
  }

  /// Runs `work` on the network thread, after the work handed over before
  /// it. An idle source drains the queue, not `g_main_context_invoke`: that
  /// would run `work` on the caller's thread whenever the loop has not yet
  /// acquired its context.
  func perform(_ work: @escaping @Sendable () -> Void) {
    pthread_mutex_lock(lock)
    queue.append(work)
    let isFirst = queue.count == 1
    if isFirst { queuedSince = .now }
    pthread_mutex_unlock(lock)
    guard isFirst else { return }  // a drain is already on its way
    let source = g_idle_source_new()
    g_source_set_priority(source, G_PRIORITY_DEFAULT)
    g_source_set_callback(
      source,
      { data in
        Unmanaged<NetworkThread>.fromOpaque(data!).takeUnretainedValue().drain()
        return 0  // G_SOURCE_REMOVE
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
    g_source_attach(source, context)
    g_source_unref(source)
  }

  private func drain() {
    pthread_mutex_lock(lock)
    let work = queue
    queue = []
    queuedSince = nil
    pthread_mutex_unlock(lock)
    for body in work { body() }
  }

  /// Whether work waits for the thread, and since when: a thread blocked in a call, or starved,
  /// leaves its work waiting (for a report of what is stuck).
  var backlogReport: String {
    pthread_mutex_lock(lock)
    let (count, since) = (queue.count, queuedSince)
    pthread_mutex_unlock(lock)
    guard let since else { return "network thread: nothing waiting for it" }
    let (seconds, attoseconds) = (ContinuousClock.now - since).components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return "network thread: \(count) piece(s) of work waiting, the oldest for \(milliseconds) ms"
  }

  /// Attaches a one-shot timer to the network thread's context: `fire`
  /// runs there after `delay` unless the returned source is destroyed
  /// first (call on the network thread).
  func timer(after delay: Duration, _ fire: @escaping @Sendable () -> Void) -> UnsafeMutablePointer<
    GSource
  > {
    let milliseconds = max(
      delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000, 0)
    let source = g_timeout_source_new(UInt32(clamping: milliseconds))!
    g_source_set_callback(
      source,
      { data in
        Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().body()
        return 0
      }, Unmanaged.passRetained(Work(fire)).toOpaque(),
      { data in Unmanaged<Work>.fromOpaque(data!).release() })
    g_source_attach(source, context)
    return source
  }
}

/// A closure carried through GLib's `gpointer`.
private final class Work {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
