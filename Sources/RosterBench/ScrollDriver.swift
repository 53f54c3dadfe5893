import CGtk
import Foundation
import GtkKit
import RosterKit

/// Scrolls a list at a constant speed, wrapping around at the end, from a
/// tick callback — the way run-floor scrolls — while a ``FrameRecorder``
/// measures; reports the statistics when the time is up.
///
/// Threading: main-actor only.
@MainActor
final class ScrollDriver {
  private let listView: Widget
  private let recorder: FrameRecorder
  private let speed: Double
  private let seconds: Double
  private var start: Int64 = 0
  private var onFrame: (@MainActor (Int64) -> Void)?

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
      if range > 0 { gtk_adjustment_set_value(adjustment, fmod(elapsed * speed, range)) }
      onFrame?(now)
      if elapsed < seconds { return true }
      recorder.isRecording = false
      done()
      return false
    }
  }
}
