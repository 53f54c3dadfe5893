import CGtk
import GtkKit

/// Tells once that a page's people are on screen, whichever view shows
/// them (list, grid or table): after each frame the window paints, until
/// ``isShown`` says so, then ``onShown`` is called. Waiting asks for no frame: it checks after frames
/// GTK paints anyway. A page not yet realized (no frame clock) is watched
/// from its realization.
///
/// Threading: main-actor only.
@MainActor
final class FirstRowsWatch {
  private let widget: Widget
  /// Whether the people are on screen now.
  var isShown: @MainActor () -> Bool = { false }
  /// Called once, after the first frame that showed them.
  var onShown: (@MainActor () -> Void)?
  /// The frame clock (held) and its "after-paint" handler, or the widget's
  /// "realize" handler while it has no clock.
  private var watching: (clock: ObjectRef, handler: SignalConnection)?
  private var waitingForRealize: SignalConnection?
  /// Whether the rows have shown (told once, for good).
  private(set) var isDone = false

  /// Watches the frames that paint `widget` once ``start()`` is called.
  init(widget: Widget) {
    self.widget = widget
  }

  isolated deinit { stop() }

  /// Starts watching (again), unless the rows have shown already.
  func start() {
    guard !isDone, watching == nil else { return }
    guard let clock = gtk_widget_get_frame_clock(widget) else {
      guard waitingForRealize == nil else { return }
      waitingForRealize = Signals.connect(gobject(widget), .realize) { [weak self] in
        self?.waitingForRealize?.disconnect()
        self?.waitingForRealize = nil
        self?.start()
      }
      return
    }
    let handler = Signals.connect(gobject(clock), .afterPaint) { [weak self] in self?.painted() }
    watching = (ObjectRef(gobject(clock)), handler)
  }

  private func painted() {
    guard isShown() else { return }
    isDone = true
    stop()
    onShown?()
  }

  private func stop() {
    watching?.handler.disconnect()
    watching = nil
    waitingForRealize?.disconnect()
    waitingForRealize = nil
  }
}
