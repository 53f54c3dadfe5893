import CGLib
import CSystem
import FoundationEssentials

/// Runs the Dispatch main queue inside the GLib main loop.
///
/// Under `g_application_run` nothing drains the Dispatch main queue, so
/// `@MainActor` continuations and `DispatchQueue.main` blocks would never run.
/// libdispatch signals an eventfd whenever it enqueues main-queue work; a GLib
/// unix-fd source on that fd wakes the loop, empties the eventfd (or the
/// source would fire forever) and drains the queue — no polling, hops of tens
/// of microseconds.
///
/// Threading: install from the main thread, before the loop runs.
public enum MainQueueBridge {
  @MainActor private static var sourceID: guint = 0

  /// Whether the bridge is attached to the default main context.
  @MainActor public static var isInstalled: Bool { sourceID != 0 }

  /// Attaches the bridge to the default GLib main context (idempotent).
  @MainActor public static func install() {
    guard sourceID == 0 else { return }
    precondition(
      csystem_is_main_thread() != 0, "MainQueueBridge.install() must run on the main thread")
    let fd = cglib_main_queue_fd()
    let callback: GUnixFDSourceFunc = { fd, _, _ in
      var counter: UInt64 = 0
      _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
      cglib_drain_main_queue()
      return 1  // G_SOURCE_CONTINUE
    }
    sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, callback, nil, nil)
    // Work enqueued before the source existed has already signalled the fd;
    // draining once here makes sure none of it waits for the next wake-up.
    cglib_drain_main_queue()
  }

  /// Detaches the bridge (tests use this to show that hops then stall).
  @MainActor public static func uninstall() {
    guard sourceID != 0 else { return }
    g_source_remove(sourceID)
    sourceID = 0
  }
}
