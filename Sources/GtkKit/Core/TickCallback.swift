import CGtk

/// Per-frame callbacks on a widget (`gtk_widget_add_tick_callback`), with
/// the Swift closure boxed and released by GTK's destroy notify.
///
/// Threading: main thread only.
public enum TickCallback {
  /// Calls `handler` with the frame clock's frame time (µs) once per frame
  /// until it returns false or the widget is destroyed; returns the id.
  @MainActor @discardableResult
  public static func add(
    to widget: Widget,
    _ handler: @escaping @MainActor (_ frameTimeMicroseconds: Int64) -> Bool
  ) -> guint {
    typealias Box = ClosureBox<@MainActor (Int64) -> Bool>
    let tick: GtkTickCallback = { _, clock, data in
      let box = Box.from(data)
      let time = Int64(gdk_frame_clock_get_frame_time(clock))
      return MainActor.assumeIsolated { box.handler(time) } ? 1 : 0
    }
    return gtk_widget_add_tick_callback(
      widget, tick, Box(handler).retainedPointer(),
      { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  }

  /// Removes a tick callback early.
  @MainActor public static func remove(_ id: guint, from widget: Widget) {
    gtk_widget_remove_tick_callback(widget, id)
  }
}
