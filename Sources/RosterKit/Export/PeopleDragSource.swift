import CGtk
import GtkKit

/// Drags the selected people out of a list, grid or table, as Ctrl+C
/// copies them: text ("Name <email>" a line) and vCards, made only when
/// the drop target asks (``PeopleClipboard``).
///
/// A drag starts on a selected row and goes sideways: a vertical drag
/// scrolls the view (``DragScroller`` claims it first), and a drag from a
/// row that is not selected drags nothing, so it scrolls too.
///
/// Threading: main-actor only.
@MainActor
package final class PeopleDragSource {
  private let view: Widget
  private let selection: RangeSelection
  private let position: @MainActor (Widget) -> Int?
  private let people: @MainActor () -> ExportSource?

  /// A drag source on `view` over `selection`; `position` tells the row a
  /// picked widget belongs to, `people` what the view shows.
  init(
    view: Widget, selection: RangeSelection, position: @escaping @MainActor (Widget) -> Int?,
    people: @escaping @MainActor () -> ExportSource?
  ) {
    self.view = view
    self.selection = selection
    self.position = position
    self.people = people
    let source = gtkObject(gtk_drag_source_new()!)
    gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
    Signals.connect(gobject(source), .dragPrepare) { [weak self] x, y in
      guard let content = self?.content(atX: x, y: y) else { return nil }
      return UnsafeMutableRawPointer(content.provider.transferredReference())
    }
    // The view holds the controller.
    gtk_widget_add_controller(view, source)
  }

  /// What a drag from (`x`, `y`) in the view carries: the selected people
  /// when it starts on one of them, else nothing.
  func content(atX x: Double, y: Double) -> LazyContent? {
    guard let picked = gtk_widget_pick(view, x, y, GTK_PICK_DEFAULT),
      let row = position(picked), selection.contains(row), let shown = people()
    else { return nil }
    return PeopleClipboard.content(of: shown.only(selection.ranges.ranges))
  }
}

extension ListFactory {
  /// The position of the bound row holding `widget` (the row's widget or
  /// one inside it), if any.
  func position(ofWidgetIn widget: Widget) -> Int? {
    var found: Int?
    forEachBoundRow { row, position in
      if found == nil, widget == row.widget || gtk_widget_is_ancestor(widget, row.widget) != 0 {
        found = position
      }
    }
    return found
  }
}
