import CGtk
import GtkKit

/// Where a window keeps its probe: on its GtkWindow, where every widget in
/// it finds the probe through its root, so rows need not carry one.
extension RowProbe {
  /// The key the probe is kept under on its window.
  private static let quark = g_quark_from_static_string("roster-row-probe")

  /// Keeps this probe on `window` (a reference held until the window is
  /// finalized): what the widgets inside it count goes here.
  func install(on window: Widget) {
    g_object_set_qdata_full(
      cgtk_gobject(gobject(window)), Self.quark, Unmanaged.passRetained(self).toOpaque()
    ) { Unmanaged<RowProbe>.fromOpaque($0!).release() }
  }

  /// The probe of the window `widget` is in; nil while it is in none (a row
  /// GTK has not put in a list yet, a view a test made on its own).
  static func of(_ widget: Widget) -> RowProbe? {
    guard let root = gtk_widget_get_root(widget) else { return nil }
    return g_object_get_qdata(cgtk_gobject(gobject(root)), quark).map {
      Unmanaged<RowProbe>.fromOpaque($0).takeUnretainedValue()
    }
  }
}
