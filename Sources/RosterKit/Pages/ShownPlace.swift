import CGtk
import GtkKit

/// How far a view is scrolled and which person is selected, kept so that
/// Back can put them back once the view shows those people again.
///
/// Threading: main-actor only.
@MainActor
enum ShownPlace {
  /// How far `view` (a list, grid or column view) is scrolled.
  static func scroll(of view: Widget) -> Double {
    guard let adjustment = gtk_scrollable_get_vadjustment(gtkObject(view)) else { return 0 }
    return gtk_adjustment_get_value(adjustment)
  }

  /// Scrolls `view` to `value` once its rows are laid out: the value is
  /// set again at each frame until it has stayed for three frames in a
  /// row (GTK 4.8 grows a list's length as it lays rows out, and moves the
  /// value when rows measured late change the estimate), for at most a
  /// second of frames.
  static func restore(scroll value: Double, of view: Widget) {
    var frames = 0
    var held = 0
    TickCallback.add(to: view) { _ in
      guard let adjustment = gtk_scrollable_get_vadjustment(gtkObject(view)) else { return false }
      held = abs(gtk_adjustment_get_value(adjustment) - value) < 1 ? held + 1 : 0
      gtk_adjustment_set_value(adjustment, value)
      if abs(gtk_adjustment_get_value(adjustment) - value) >= 1 { held = 0 }
      frames += 1
      return held < 3 && frames < 60
    }
  }
}
