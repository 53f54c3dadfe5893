import GtkKit

@testable import RosterKit

/// Whether a window was destroyed (so that a test does not close it twice).
///
/// Threading: main-actor only.
@MainActor
final class ClosedFlag {
  private(set) var value = false

  init(_ window: MainWindow) {
    Signals.connect(gobject(window.window), .destroy) { [weak self] in self?.value = true }
  }
}
