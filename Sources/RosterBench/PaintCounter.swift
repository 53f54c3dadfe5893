import CGtk
import GtkKit
import RosterKit

/// Counts the frames a window paints from its making until ``stop()``.
///
/// Threading: main-actor only.
@MainActor
final class PaintCounter {
  private var count = 0
  private var connection: SignalConnection?

  init(_ window: MainWindow) {
    guard let clock = gtk_widget_get_frame_clock(window.window) else { return }
    connection = Signals.connect(gobject(clock), .afterPaint) { [weak self] in self?.count += 1 }
  }

  /// The frames painted so far; no more are counted.
  func stop() -> Int {
    connection?.disconnect()
    connection = nil
    return count
  }
}
