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
  /// The table's selection over the model, while it shows.
  let shown: SelectionWhileShown

  init(model: ListModel<UserRef>, avatars: AvatarService?, instrumentation: RowInstrumentation) {
    let columns = TableColumns()
    self.columns = columns
    factory = ListFactory(
      makeRow: { TableRow(columns: columns, avatars: avatars, instrumentation: instrumentation) },
      model: { position in position < model.count ? model[position].viewModel : nil },
      census: instrumentation.rows)
    listView = gtk_list_view_new(nil, factory.object.transferredReference())!
    shown = SelectionWhileShown(model: model) { [listView] in
      gtk_list_view_set_model(gtkObject(listView), $0)
    }
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
    textShaping.followScrolling()
  }

  /// The texts of the bound rows on screen, top to bottom (tests).
  var shownRows: [(position: Int, row: TableRow)] {
    var rows: [(Int, TableRow)] = []
    factory.forEachBoundRow { row, position in rows.append((position, row)) }
    return rows.sorted { $0.0 < $1.0 }.map { (position: $0.0, row: $0.1) }
  }
}
