import CGtk
import GtkKit

/// GTK started for windows made without a GtkApplication (the tests'
/// windows): GTK itself, the bridge that runs the main queue's work on
/// GLib's loop, libadwaita and Roster's stylesheet, once a process.
///
/// Threading: main-actor only.
@MainActor
package enum WindowlessGTK {
  private static var started = false

  /// Starts GTK once; false when there is no display to start it on.
  package static func start() -> Bool {
    guard !started else { return true }
    guard gtk_init_check() != 0 else { return false }
    MainQueueBridge.install()
    AdwChrome.setUp()
    Stylesheet.install()
    started = true
    return true
  }
}
