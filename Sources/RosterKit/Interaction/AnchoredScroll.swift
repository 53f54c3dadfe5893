import CGtk
import GtkKit

/// The one way Roster moves a list or grid itself (drag, fling, wheel, and
/// keeping the top row in place when the view changes height): through the
/// view's vertical `GtkAdjustment`, clamped to [lower, upper − page], and
/// through "list.scroll-to-item" where GTK 4.8's own anchor would move rows.
///
/// GTK 4.8 re-anchors a list after every change of value at the fraction
/// value / (upper − page) of the page, so when the page shrinks (a banner
/// slides in above it) rows near the middle hold still and the top row
/// slides up under the view's edge. ``pinTopItem()`` anchors the top item
/// at the top edge instead (the view's "list.scroll-to-item" aligns an item
/// at or above the top edge to the top).
///
/// Threading: main-actor only.
@MainActor
struct AnchoredScroll {
  /// The GtkListView or GtkGridView.
  let view: Widget
  let adjustment: UnsafeMutablePointer<GtkAdjustment>

  init(view: Widget) {
    self.view = view
    adjustment = gtk_scrollable_get_vadjustment(gtkObject(view))!
  }

  var value: Double { gtk_adjustment_get_value(adjustment) }
  var pageSize: Double { gtk_adjustment_get_page_size(adjustment) }

  /// Sets the scroll position within bounds; returns whether it hit an edge.
  @discardableResult
  func set(_ value: Double) -> Bool {
    let lower = gtk_adjustment_get_lower(adjustment)
    let upper = gtk_adjustment_get_upper(adjustment) - pageSize
    let clamped = min(max(value, lower), max(lower, upper))
    gtk_adjustment_set_value(adjustment, clamped)
    return clamped != value
  }
}
