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
  /// The grid's selection over the model, while it shows.
  let shown: SelectionWhileShown

  /// A grid over `model` and `selection`, its cells' avatars loading
  /// through `avatars` (nil: initials only) and its cells counted in `census`.
  init(
    model: ListModel<UserRef>, selection: RangeSelection, avatars: AvatarService?,
    census: RowCensus?
  ) {
    factory = ListFactory(
      makeRow: { UserCell(avatars: avatars) },
      model: { position in position < model.count ? model[position].viewModel : nil },
      census: census)
    gridView = gtk_grid_view_new(nil, factory.object.transferredReference())!
    shown = SelectionWhileShown(selection: selection) { [gridView] in
      gtk_grid_view_set_model(gtkObject(gridView), $0)
    }
    gtk_grid_view_set_max_columns(gtkObject(gridView), 12)
    gtk_grid_view_set_min_columns(gtkObject(gridView), 1)
    gtk_widget_add_css_class(gridView, "user-grid")
    RowAccessibility.setLabel(gridView, tr("People"))
    widget = Gtk.scrolledWindow(gridView)
    dragScroller = DragScroller(listView: gridView, scroller: widget)
    textShaping = TextShapingAhead(factory: factory, view: gridView) { $0.shapeText(width: $1) }
    textShaping.followScrolling()
  }
}
