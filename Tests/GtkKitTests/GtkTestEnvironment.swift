import CGtk
import GtkKit
import XCTest

/// Initializes GTK once per test process (tests run under Xvfb).
@MainActor
enum GtkTestEnvironment {
  private static var initialized = false

  static func setUp() throws {
    if !initialized {
      guard gtk_init_check() != 0 else { throw XCTSkip("no display: run the tests under xvfb-run") }
      MainQueueBridge.install()
      initialized = true
    }
  }
}
