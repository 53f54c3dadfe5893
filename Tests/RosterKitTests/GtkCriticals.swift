import CGtk
import Foundation

/// The criticals GTK logs (its "Gtk" domain) while one is installed, for
/// tests that a sequence logs none: GTK's criticals are failed checks in
/// its code, such as a widget read after it was freed. Installed with
/// `g_log_set_handler`, removed by `remove()`; a caught critical is not
/// printed (the test shows it).
final class GtkCriticals: @unchecked Sendable {
  private let lock = NSLock()
  private var caught: [String] = []
  private var handler: guint = 0

  init() {
    handler = g_log_set_handler(
      "Gtk", G_LOG_LEVEL_CRITICAL,
      { _, _, message, data in
        guard let data else { return }
        let criticals = Unmanaged<GtkCriticals>.fromOpaque(data).takeUnretainedValue()
        criticals.note(message.map { String(cString: $0) } ?? "")
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  /// The messages caught so far.
  var messages: [String] { lock.withLock { caught } }

  /// Restores GLib's handling of GTK's criticals.
  func remove() {
    guard handler != 0 else { return }
    g_log_remove_handler("Gtk", handler)
    handler = 0
  }

  private func note(_ message: String) { lock.withLock { caught.append(message) } }
}
