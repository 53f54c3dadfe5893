import CGtk

/// A GtkDrawingArea's draw function as a Swift closure, boxed and released
/// by GTK's destroy notify (`gtk_drawing_area_set_draw_func`).
///
/// Threading: main thread only; the closure runs during the frame's paint.
public enum DrawFunction {
  /// Makes `handler(cairo, width, height)` draw `area`, replacing any earlier function.
  @MainActor public static func set(
    on area: Widget,
    _ handler:
      @escaping @MainActor (_ cairo: OpaquePointer, _ width: Int32, _ height: Int32) -> Void
  ) {
    typealias Box = ClosureBox<@MainActor (OpaquePointer, Int32, Int32) -> Void>
    let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
      guard let cairo else { return }
      let box = Box.from(data)
      MainActor.assumeIsolated { box.handler(cairo, width, height) }
    }
    gtk_drawing_area_set_draw_func(
      UnsafeMutableRawPointer(area).assumingMemoryBound(to: GtkDrawingArea.self), draw,
      Box(handler).retainedPointer(), { Unmanaged<AnyObject>.fromOpaque($0!).release() })
  }
}
