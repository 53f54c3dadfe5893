import GtkKit

/// Roster's windows open in this process, held weakly: a change saved in
/// one window is followed by every other window reading the same server
/// (``MainWindow/followChange(of:)``).
///
/// Threading: main-actor only.
@MainActor
enum OpenMainWindows {
  private final class Held {
    weak var window: MainWindow?
    init(_ window: MainWindow) { self.window = window }
  }

  private static var held: [Held] = []

  /// Keeps `window` among the open ones (it leaves when it goes away).
  static func add(_ window: MainWindow) {
    held.removeAll { $0.window == nil }
    held.append(Held(window))
  }

  /// The windows open now, oldest first.
  static var all: [MainWindow] { held.compactMap(\.window) }
}
