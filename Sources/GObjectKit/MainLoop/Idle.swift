import CGLib

/// Work for when the main loop is otherwise idle (`g_idle_add_full` at
/// `G_PRIORITY_DEFAULT_IDLE`, below GTK's layout and redraw), with the Swift
/// closure boxed and released by GLib's destroy notify.
///
/// Threading: main thread only.
public enum Idle {
  /// Calls `handler` whenever the loop is idle until it returns false; returns the source id.
  @MainActor @discardableResult
  public static func add(_ handler: @escaping @MainActor () -> Bool) -> guint {
    typealias Box = ClosureBox<@MainActor () -> Bool>
    let callback: GSourceFunc = { data in
      let box = Box.from(data)
      return MainActor.assumeIsolated { box.handler() } ? 1 : 0
    }
    return g_idle_add_full(
      G_PRIORITY_DEFAULT_IDLE, callback, Box(handler).retainedPointer(),
      { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  }
}
