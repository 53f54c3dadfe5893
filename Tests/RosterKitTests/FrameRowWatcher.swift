import CGtk
import GtkKit

@testable import RosterKit

/// Looks at a view's rows after every frame the window paints: `check` is
/// called with each bound row that frame showed (its widget meets the
/// view's visible area, as laid out for the paint), or with every bound row
/// unless `onScreenOnly`, and the position it is bound to.
///
/// Threading: main-actor only; stop it before the window closes.
@MainActor
final class FrameRowWatcher {
  private let clock: UnsafeMutableRawPointer
  private var connection: SignalConnection?
  /// Frames painted while watching.
  private(set) var frames = 0

  /// Watches the rows `factory` makes for `view`, a list or grid view in `window`.
  init<Row: ListRow>(
    _ window: MainWindow, factory: ListFactory<Row>, view: Widget, onScreenOnly: Bool = true,
    check: @escaping @MainActor (Row, Int) -> Void
  ) {
    clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(window.window)!)
    g_object_ref(clock)
    connection = Signals.connect(clock, .afterPaint) { [weak self] in
      self?.frames += 1
      let height = Float(gtk_widget_get_height(view))
      factory.forEachBoundRow { row, position in
        let widget = row.widget
        var bounds = graphene_rect_t()
        guard
          !onScreenOnly
            || (gtk_widget_get_mapped(widget) != 0
              && gtk_widget_compute_bounds(widget, view, &bounds) != 0
              && bounds.origin.y + bounds.size.height > 0 && bounds.origin.y < height)
        else { return }
        check(row, position)
      }
    }
  }

  /// Watches the window's list.
  convenience init(
    _ window: MainWindow, onScreenOnly: Bool = true,
    check: @escaping @MainActor (UserRow, Int) -> Void
  ) {
    self.init(
      window, factory: window.factory, view: window.listView, onScreenOnly: onScreenOnly,
      check: check)
  }

  /// Watches the window's table.
  convenience init(
    _ window: MainWindow, table: TablePage,
    check: @escaping @MainActor (TableRow, Int) -> Void
  ) {
    self.init(window, factory: table.factory, view: table.listView, check: check)
  }

  func stop() {
    connection?.disconnect()
    connection = nil
    g_object_unref(clock)
  }
}
