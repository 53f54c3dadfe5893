import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// Table mode: the header (``TableHeader``) above a GtkListView of
/// ``TableRow``s over the same list model as the list and the grid, with
/// 32 pt avatars prepared at that size. The header and the rows read their
/// columns from one ``TableColumns``.
///
/// Like the grid, the table is connected to the model only while it
/// shows: hidden, it would bind rows and follow every change of the model
/// for nothing.
///
/// Threading: main-actor only.
@MainActor
final class TablePage {
  /// The header above the scrolled list.
  let widget: Widget
  /// The scrolled window holding the list.
  let scroller: Widget
  let listView: Widget
  let factory: ListFactory<TableRow>
  let columns: TableColumns
  let header: TableHeader
  let dragScroller: DragScroller
  /// Shapes the text of the rows about to scroll in, between frames.
  let textShaping: TextShapingAhead<TableRow>
  /// Which way the table last scrolled.
  private var scrollDirection = ScrollDirection()
  private let model: ListModel<UserRef>
  /// The table's selection while it shows.
  private(set) var selection: OpaquePointer?

  init(model: ListModel<UserRef>, avatars: AvatarService?, instrumentation: RowInstrumentation) {
    self.model = model
    let columns = TableColumns()
    self.columns = columns
    factory = ListFactory(
      makeRow: { TableRow(columns: columns, avatars: avatars, instrumentation: instrumentation) },
      model: { position in position < model.count ? model[position].viewModel : nil },
      census: instrumentation.rows)
    listView = gtk_list_view_new(nil, factory.object.transferredReference())!
    gtk_widget_add_css_class(listView, "user-list")
    gtk_widget_add_css_class(listView, "user-table")
    RowAccessibility.setLabel(gobject(listView), tr("People"))
    scroller = Gtk.scrolledWindow(listView)
    header = TableHeader(columns: columns)
    widget = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(widget, header.widget, scroller)
    dragScroller = DragScroller(listView: listView, scroller: scroller)
    textShaping = TextShapingAhead(factory: factory, view: listView) { $0.shapeText() }
    let factory = factory
    columns.observe { factory.forEachBoundRow { row, _ in row.columnsChanged() } }
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(listView))!
    Signals.connect(gobject(adjustment), .valueChanged) { [weak self] in
      self?.scrolled(to: gtk_adjustment_get_value(adjustment))
    }
  }

  /// A scroll to `value`: the rows beyond the screen, that way, are shaped after the frame.
  private func scrolled(to value: Double) {
    textShaping.scrolled(direction: scrollDirection.moved(to: value))
  }

  /// Connects the table to the model (selecting `selected`) or disconnects it.
  func setActive(_ active: Bool, selected: guint = guint(GTK_INVALID_LIST_POSITION)) {
    if active {
      guard selection == nil else { return }
      let selection = gtk_single_selection_new(model.object.transferredReference())!
      gtk_single_selection_set_autoselect(selection, 0)
      gtk_single_selection_set_can_unselect(selection, 1)
      gtk_single_selection_set_selected(selection, selected)
      // The list holds the selection; the page keeps a pointer while it shows.
      ObjectSlot.withAdopted(selection) { gtk_list_view_set_model(gtkObject(listView), $0) }
      self.selection = gtkObject(selection)
    } else {
      guard selection != nil else { return }
      gtk_list_view_set_model(gtkObject(listView), nil)
      selection = nil
    }
  }

  /// The texts of the bound rows on screen, top to bottom (tests).
  var shownRows: [(position: Int, row: TableRow)] {
    var rows: [(Int, TableRow)] = []
    factory.forEachBoundRow { row, position in rows.append((position, row)) }
    return rows.sorted { $0.0 < $1.0 }.map { (position: $0.0, row: $0.1) }
  }
}
