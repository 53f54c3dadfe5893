import CGtk

/// Tells a listener when a widget's frame clock begins a frame ("before-paint") and when the
/// frame is drawn ("after-paint"), from the time the widget is realized, on every frame clock
/// it gets (a toplevel gets a new one when it is realized again).
///
/// An image pipeline uses it to keep its decoding out of the frames: the main thread's frame
/// work and the display server's, on a machine with few cores, then have the cores to
/// themselves.
///
/// Each `began` is followed by one `ended`, even when the widget is unrealized between the two.
///
/// Threading: main-actor only.
@MainActor
public final class FramePhases {
  private let began: @MainActor (_ refreshInterval: Duration?) -> Void
  private let ended: @MainActor () -> Void
  private var clockConnections: [SignalConnection] = []
  private var isInFrame = false

  /// Watches `widget`'s frames: `began` gets the display's refresh interval (nil when the
  /// clock does not know it yet). The handlers live as long as the widget.
  @discardableResult
  public static func observe(
    _ widget: Widget,
    began: @escaping @MainActor (_ refreshInterval: Duration?) -> Void,
    ended: @escaping @MainActor () -> Void
  ) -> FramePhases {
    let phases = FramePhases(began: began, ended: ended)
    // The closures hold the observer; GLib drops them with the widget.
    Signals.connect(gobject(widget), .realize) { phases.attach(to: widget) }
    Signals.connect(gobject(widget), .unrealize) { phases.detach() }
    if gtk_widget_get_realized(widget) != 0 {
      phases.attach(to: widget)
    }
    return phases
  }

  private init(
    began: @escaping @MainActor (Duration?) -> Void, ended: @escaping @MainActor () -> Void
  ) {
    self.began = began
    self.ended = ended
  }

  private func attach(to widget: Widget) {
    detach()
    guard let clock = gtk_widget_get_frame_clock(widget)
    else { return }
    let object = UnsafeMutableRawPointer(clock)
    clockConnections = [
      Signals.connect(object, .beforePaint) { [weak self] in self?.frameBegan(clock) },
      Signals.connect(object, .afterPaint) { [weak self] in self?.frameEnded() },
    ]
  }

  private func detach() {
    for connection in clockConnections { connection.disconnect() }
    clockConnections = []
    frameEnded()
  }

  private func frameBegan(_ clock: OpaquePointer) {
    if isInFrame { ended() }
    isInFrame = true
    var interval: gint64 = 0
    var presentation: gint64 = 0
    gdk_frame_clock_get_refresh_info(
      clock, gdk_frame_clock_get_frame_time(clock), &interval, &presentation)
    began(interval > 0 ? .microseconds(Int64(interval)) : nil)
  }

  private func frameEnded() {
    guard isInFrame else { return }
    isInFrame = false
    ended()
  }
}
