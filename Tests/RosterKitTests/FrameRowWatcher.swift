import CGtk
import GtkKit

@testable import RosterKit

/// Looks at the list's rows after every frame the window paints: `check` is
/// called with each bound row that frame showed (its widget meets the list's
/// visible area, as laid out for the paint), or with every bound row unless
/// `onScreenOnly`, and the position it is bound to.
///
/// Threading: main-actor only; stop it before the window closes.
@MainActor
final class FrameRowWatcher {
  private let clock: UnsafeMutableRawPointer
  private var connection: SignalConnection?
  /// Frames painted while watching.
  private(set) var frames = 0

  init(
    _ window: MainWindow, onScreenOnly: Bool = true,
    check: @escaping @MainActor (UserRow, Int) -> Void
  ) {
    clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window.window)!)
    g_object_ref(clock)
    connection = Signals.connect(clock, .afterPaint) { [weak self] in
      self?.frames += 1
      let list = window.listView
      let height = Float(gtk_widget_get_height(list))
      window.factory.forEachBoundRow { row, position in
        let widget = row.widget
        var bounds = graphene_rect_t()
        guard
          !onScreenOnly
            || (gtk_widget_get_mapped(widget) != 0
              && gtk_widget_compute_bounds(widget, list, &bounds) != 0
              && bounds.origin.y + bounds.size.height > 0 && bounds.origin.y < height)
        else { return }
        check(row, position)
      }
    }
  }

  func stop() {
    connection?.disconnect()
    connection = nil
    g_object_unref(clock)
  }
}
