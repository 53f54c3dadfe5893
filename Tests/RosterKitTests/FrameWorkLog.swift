import CGtk
import Foundation
import GtkKit

/// Each frame's work on the main thread (before-paint to after-paint wall
/// time, in milliseconds) while it listens to a window's frame clock: what
/// a test prints beside what it checks.
///
/// Threading: main-actor only.
@MainActor
final class FrameWorkLog {
  /// One entry a frame painted since the log began.
  private(set) var work: [Double] = []
  private var began: ContinuousClock.Instant?
  private var connections: [SignalConnection] = []

  /// Listens to `window`'s frame clock (the window must be realized).
  init(window: Widget) {
    let clock = gtk_widget_get_frame_clock(window)!
    connections.append(
      Signals.connect(gobject(clock), .beforePaint) { [weak self] in self?.began = .now })
    connections.append(
      Signals.connect(gobject(clock), .afterPaint) { [weak self] in self?.frameEnded() })
  }

  private func frameEnded() {
    guard let began else { return }
    let (seconds, attoseconds) = (ContinuousClock.now - began).components
    work.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    self.began = nil
  }

  /// Stops listening.
  func stop() {
    for connection in connections { connection.disconnect() }
    connections = []
  }
}
