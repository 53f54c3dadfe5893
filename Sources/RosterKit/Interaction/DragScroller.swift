import CGtk
import FoundationEssentials
import GtkKit

/// Mouse scrolling of one list or grid: drag-to-scroll with kinetic fling
/// (GTK pans only on touchscreens), and the wheel (``WheelScroller``).
///
/// A drag gesture on button 1 watches the pointer; once it has moved about
/// 8 px vertically it claims the sequence — which cancels the row's click, so
/// a drag never selects — and pans 1:1. On release the velocity of the last
/// ~100 ms (``FlingVelocity``: a least-squares fit, capped at
/// ``maxFlingVelocity``, zero if the pointer rested > 50 ms) keeps the list
/// moving with exponential decay until it slows under 20 px/s or reaches an
/// edge, so a fling travels at most cap × τ; a new press stops it. Clicks
/// without movement still select. Every move goes through ``AnchoredScroll``.
///
/// Threading: main-actor only.
@MainActor
package final class DragScroller {
  static let threshold = 8.0
  static let timeConstant = 0.3
  static let stopSpeed = 20.0

  private let target: Widget
  private let scroll: AnchoredScroll
  private let gesture: OpaquePointer
  /// The wheel over the same view.
  let wheel: WheelScroller
  private var startValue = 0.0
  private var claimedAt = 0.0
  private var claimed = false
  private var motion = FlingVelocity()
  private var velocity = 0.0
  private var flingTick: guint = 0
  private var lastFrame: Int64 = 0
  /// Whether a drag is panning the list now.
  var isDragging: Bool { claimed }
  /// Whether a fling is moving the list now.
  package var isFlinging: Bool { flingTick != 0 }
  /// The fastest a fling starts, in points per second (the settings file's
  /// "maxFlingVelocity").
  var maxFlingVelocity: Double {
    get { motion.maxVelocity }
    set { motion.maxVelocity = max(0, newValue) }
  }

  init(listView: Widget, scroller: Widget) {
    target = scroller
    scroll = AnchoredScroll(view: listView)
    wheel = WheelScroller(view: listView, scroller: scroller)
    gesture = gtkObject(gtk_gesture_drag_new()!)
    gtk_gesture_single_set_button(gesture, guint(GDK_BUTTON_PRIMARY))
    gtk_event_controller_set_propagation_phase(gesture, GTK_PHASE_CAPTURE)
    Signals.connect(gobject(gesture), .dragBegin) { [weak self] _, _ in self?.begin() }
    Signals.connect(gobject(gesture), .dragUpdate) { [weak self] _, dy in
      self?.update(dy)
    }
    Signals.connect(gobject(gesture), .dragEnd) { [weak self] _, dy in self?.end(dy) }
    gtk_widget_add_controller(scroller, gesture)
  }

  private func begin() {
    stopFling()
    claimed = false
    motion.reset()
    motion.add(time: eventTime(), position: 0)
    startValue = scroll.value
  }

  private func update(_ dy: Double) {
    motion.add(time: eventTime(), position: dy)
    if !claimed {
      guard abs(dy) >= Self.threshold else { return }
      claimed = true
      claimedAt = dy
      gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
      gtk_widget_set_cursor_from_name(target, "grabbing")
    }
    scroll.set(startValue - (dy - claimedAt))
  }

  private func end(_ dy: Double) {
    guard claimed else { return }
    claimed = false
    gtk_widget_set_cursor(target, nil)
    velocity = -motion.velocity(releasedAt: eventTime())
    if abs(velocity) > Self.stopSpeed { startFling() }
  }

  /// Flings as a drag released at `velocity` points per second would
  /// (positive scrolls down; capped the same way): the soak's flings.
  package func fling(velocity: Double) {
    stopFling()
    self.velocity = min(max(velocity, -maxFlingVelocity), maxFlingVelocity)
    if abs(self.velocity) > Self.stopSpeed { startFling() }
  }

  private func startFling() {
    lastFrame = 0
    flingTick = TickCallback.add(to: target) { [weak self] frameTime in
      self?.flingFrame(frameTime) ?? false
    }
  }

  private func flingFrame(_ frameTime: Int64) -> Bool {
    defer { lastFrame = frameTime }
    guard lastFrame != 0 else { return true }
    let dt = Double(frameTime - lastFrame) / 1e6
    let value = scroll.value
    // Exact integral of v·e^(−t/τ) over the frame, so speed and distance
    // do not depend on the frame rate.
    let decay = exp(-dt / Self.timeConstant)
    let moved = velocity * Self.timeConstant * (1 - decay)
    velocity *= decay
    let reached = scroll.set(value + moved)
    if abs(velocity) < Self.stopSpeed || reached {
      flingTick = 0
      velocity = 0
      return false
    }
    return true
  }

  /// Ends a fling going on (the view was moved to a place of its own).
  package func stop() { stopFling() }

  private func stopFling() {
    guard flingTick != 0 else { return }
    TickCallback.remove(flingTick, from: target)
    flingTick = 0
    velocity = 0
  }

  /// When the event being handled happened, in seconds: the X server's
  /// timestamps, so a burst of queued motion events keeps its real pace.
  private func eventTime() -> Double {
    let milliseconds = gtk_event_controller_get_current_event_time(gesture)
    return milliseconds != 0 ? Double(milliseconds) / 1000 : Self.now()
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
