import CGtk

/// A tick callback that holds a reference on its widget while it runs, so
/// it can be stopped from outside at any time, or end itself by returning
/// false.
///
/// Threading: main-actor only.
@MainActor
public final class OwnedTick {
  private var tick: (id: guint, widget: Widget)?

  /// A tick that is not running yet.
  public init() {}

  isolated deinit { stop() }

  /// Whether the callback is still installed.
  public var isRunning: Bool { tick != nil }

  /// Calls `handler` once per frame of `widget` until it returns false or
  /// ``stop()`` is called; a running tick is stopped first.
  public func start(on widget: Widget, _ handler: @escaping @MainActor () -> Bool) {
    stop()
    g_object_ref(widget)
    let id = TickCallback.add(to: widget) { [weak self] _ in
      if handler() { return true }
      self?.ended()
      return false
    }
    tick = (id, widget)
  }

  /// Removes the callback (from outside it).
  public func stop() {
    guard let tick else { return }
    TickCallback.remove(tick.id, from: tick.widget)
    ended()
  }

  /// Lets go of the widget once GTK has dropped the callback.
  private func ended() {
    if let tick { g_object_unref(tick.widget) }
    tick = nil
  }
}
