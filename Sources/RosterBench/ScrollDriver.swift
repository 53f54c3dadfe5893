import CGtk
import Foundation
import GtkKit
import RosterKit

/// Scrolls a list at a constant speed, wrapping around at the end, from a
/// tick callback — the way run-floor scrolls — while a ``FrameRecorder``
/// measures; reports the statistics when the time is up.
///
/// When the app moves the view itself (a sort's jump to the top, which
/// ends the app's own fling), the frame after shows where it went and the
/// scroll goes on from there, as a user flinging again would.
///
/// Threading: main-actor only.
@MainActor
final class ScrollDriver {
  private let listView: Widget
  private let recorder: FrameRecorder
  private let speed: Double
  private let seconds: Double
  private var start: Int64 = 0
  /// The value last set, and how far the app has moved the view since the start.
  private var lastSet: Double?
  private var moved: Double = 0
  private var onFrame: (@MainActor (Int64) -> Void)?

  /// A change of the value between two ticks larger than this is the app's move.
  private static var appMove: Double { 8 }

  init(listView: Widget, recorder: FrameRecorder, speed: Double, seconds: Double) {
    self.listView = listView
    self.recorder = recorder
    self.speed = speed
    self.seconds = seconds
  }

  /// Starts scrolling; `frame` runs every frame (after the scroll position
  /// is set), `done` once at the end.
  func run(frame: @escaping @MainActor (Int64) -> Void, done: @escaping @MainActor () -> Void) {
    onFrame = frame
    // GTK 4.8 can mis-apply the first programmatic jump (the rows stay at the top, the viewport
    // goes blank) unless the view has scrolled to an item once.
    gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(0))
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(listView))!
    TickCallback.add(to: listView) { [self] now in
      if start == 0 {
        start = now
        recorder.isRecording = true
        recorder.frame(at: now)
        return true
      }
      recorder.frame(at: now)
      let elapsed = Double(now - start) / 1e6
      let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
      if range > 0 {
        // GTK re-anchors the rows by a fraction of a pixel; a jump is the
        // app's: this frame shows where it went, the next ones go on from there.
        let value = gtk_adjustment_get_value(adjustment)
        if let lastSet, abs(value - lastSet) > Self.appMove {
          moved += value - lastSet
          self.lastSet = value
        } else {
          let position = fmod(elapsed * speed + moved, range)
          gtk_adjustment_set_value(adjustment, position < 0 ? position + range : position)
          lastSet = gtk_adjustment_get_value(adjustment)
        }
      }
      onFrame?(now)
      if elapsed < seconds { return true }
      recorder.isRecording = false
      done()
      return false
    }
  }
}
