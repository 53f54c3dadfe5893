import CGtk
import GtkKit

/// Keeping the row at the top in place while the view above it changes
/// height (the error banner sliding in or out).
///
/// Threading: main-actor only, as ``AnchoredScroll``.
extension AnchoredScroll {
  /// Anchors the item at the top edge to that edge, scrolling it fully into
  /// view if it is partly above it; a later change of the view's height
  /// then moves every row with the top edge.
  func pinTopItem() {
    let isGrid = cgtk_is_a(view, gtk_grid_view_get_type()) != 0
    let model =
      isGrid ? gtk_grid_view_get_model(gtkObject(view)) : gtk_list_view_get_model(gtkObject(view))
    let count = Int(model.map { g_list_model_get_n_items(gtkObject($0)) } ?? 0)
    let columns = isGrid ? gridColumns : 1
    guard count > 0, columns > 0 else { return }
    // Rows have one height, so the row at `value` follows from upper / rows.
    let rows = (count + columns - 1) / columns
    let rowHeight = gtk_adjustment_get_upper(adjustment) / Double(rows)
    guard rowHeight > 0 else { return }
    let row = min(rows - 1, max(0, Int((value / rowHeight).rounded(.down))))
    gtk_widget_activate_action_variant(
      view, "list.scroll-to-item", g_variant_new_uint32(guint32(min(count - 1, row * columns))))
  }

  /// Cells per line of a grid: the most cells on screen sharing one top edge
  /// (GTK 4.8 has no getter for the columns it chose).
  private var gridColumns: Int {
    var perLine: [Float: Int] = [:]
    let height = Float(gtk_widget_get_height(view))
    var child = gtk_widget_get_first_child(view)
    while let current = child {
      var bounds = graphene_rect_t()
      if gtk_widget_get_child_visible(current) != 0,
        gtk_widget_compute_bounds(current, view, &bounds) != 0,
        bounds.origin.y + bounds.size.height > 0, bounds.origin.y < height
      {
        perLine[bounds.origin.y.rounded(), default: 0] += 1
      }
      child = gtk_widget_get_next_sibling(current)
    }
    return perLine.values.max() ?? 0
  }
}
