import GObjectKit

/// Makes the default GLib main context run the Dispatch main queue, as the
/// app does, once per test process; no display is needed.
@MainActor
enum GLibTestEnvironment {
  static func setUp() {
    MainQueueBridge.install()
  }
}
