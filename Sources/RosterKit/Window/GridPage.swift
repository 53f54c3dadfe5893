import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// Grid mode: a GtkGridView over the same list model, with its own factory
/// of ``UserCell``s (96 px avatars prepared at that size). The number of
/// columns follows the width; GTK re-lays out on resize and keeps the cells
/// bound that stay on screen.
///
/// The grid is connected to the model only while it shows: a hidden grid
/// would otherwise bind cells (and load their avatars) and process every
/// change of a million-row model for nothing.
///
/// Threading: main-actor only.
@MainActor
final class GridPage {
  /// The scrolled window holding the grid.
  let widget: Widget
  let gridView: Widget
  let factory: ListFactory<UserCell>
  let dragScroller: DragScroller
  /// Shapes the names of the cells about to scroll in, between frames.
  let textShaping: TextShapingAhead<UserCell>
  private let model: ListModel<UserRef>
  /// Which way the grid last scrolled.
  private var scrollDirection = ScrollDirection()
  /// The grid's selection while it shows.
  private(set) var selection: OpaquePointer?

  init(model: ListModel<UserRef>, avatars: AvatarService?, instrumentation: RowInstrumentation) {
    self.model = model
    factory = ListFactory(
      makeRow: { UserCell(avatars: avatars, instrumentation: instrumentation) },
      model: { position in position < model.count ? model[position].viewModel : nil },
      census: instrumentation.rows)
    gridView = gtk_grid_view_new(nil, factory.object.transferredReference())!
    gtk_grid_view_set_max_columns(gtkObject(gridView), 12)
    gtk_grid_view_set_min_columns(gtkObject(gridView), 1)
    gtk_widget_add_css_class(gridView, "user-grid")
    RowAccessibility.setLabel(gobject(gridView), tr("People"))
    widget = Gtk.scrolledWindow(gridView)
    dragScroller = DragScroller(listView: gridView, scroller: widget)
    textShaping = TextShapingAhead(factory: factory, view: gridView) { $0.shapeText() }
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(gridView))!
    Signals.connect(gobject(adjustment), .valueChanged) { [weak self] in
      self?.scrolled(to: gtk_adjustment_get_value(adjustment))
    }
  }

  /// A scroll to `value`: the cells beyond the screen, that way, are shaped after the frame.
  private func scrolled(to value: Double) {
    textShaping.scrolled(direction: scrollDirection.moved(to: value))
  }

  /// Connects the grid to the model (selecting `selected`) or disconnects it.
  func setActive(_ active: Bool, selected: guint = guint(GTK_INVALID_LIST_POSITION)) {
    if active {
      guard selection == nil else { return }
      let selection = gtk_single_selection_new(model.object.transferredReference())!
      gtk_single_selection_set_autoselect(selection, 0)
      gtk_single_selection_set_can_unselect(selection, 1)
      gtk_single_selection_set_selected(selection, selected)
      // The grid holds the selection; the page keeps a pointer while it shows.
      ObjectSlot.withAdopted(selection) { gtk_grid_view_set_model(gtkObject(gridView), $0) }
      self.selection = gtkObject(selection)
    } else {
      guard selection != nil else { return }
      gtk_grid_view_set_model(gtkObject(gridView), nil)
      selection = nil
    }
  }
}
