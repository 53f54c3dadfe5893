import CGtk
import Directory
import GtkKit
import PreparedImages
import SharedSupport

/// Table mode: the header (``TableHeader``) above a GtkListView of rows
/// drawing their cells (``TableRow``s, a server's showing skeletons until
/// their pages arrive) over the same list model as the page's other views, with 32 pt avatars
/// prepared at that size. The header and the rows read their columns from
/// one ``TableColumns``; the header shows and changes the page's
/// ``PeopleOrder``.
///
/// Like the grid, the table is connected to the model only while it
/// shows: hidden, it would bind rows and follow every change of the model
/// for nothing. A server's table also tells its model which rows show
/// (`visibleWillChange`), so that their pages are read.
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
  /// The page's order, which the header shows and a click on a title changes.
  let order: PeopleOrder
  let header: TableHeader
  let dragScroller: DragScroller
  /// Shapes the text of the rows about to scroll in, between frames.
  let textShaping: TextShapingAhead<TableRow>
  /// The table's selection over the model, while it shows.
  let shown: SelectionWhileShown
  /// Which rows are on screen, for a table that tells its model (a server's).
  let viewport: ViewportTracker?
  /// Cells shaped for people before their rows are bound (``shapeAhead(_:)``).
  let shapedCells = ShapedCells()
  /// The longest a pass of ``shapeAhead(_:)`` takes between two frames.
  private static var shapingBudget: Duration { .milliseconds(4) }

  /// A table over `selection`'s model (a GListModel of `count()` items) whose rows,
  /// made by `makeRow` and counted in `census`, show `content(position)`
  /// in `order`; `visibleWillChange`, if given, hears of each new range of
  /// rows on screen.
  init(
    selection: RangeSelection, order: PeopleOrder, count: @escaping @MainActor () -> Int,
    content: @escaping @MainActor (Int) -> RowContent?,
    makeRow: @escaping @MainActor (TableColumns, ShapedCells) -> TableRow,
    census: RowCensus?,
    visibleWillChange: (@MainActor (Range<Int>) -> Void)? = nil
  ) {
    let columns = TableColumns()
    self.columns = columns
    self.order = order
    let shapedCells = shapedCells
    factory = ListFactory(
      makeRow: { makeRow(columns, shapedCells) }, model: content, census: census)
    listView = gtk_list_view_new(nil, factory.object.transferredReference())!
    shown = SelectionWhileShown(selection: selection) { [listView] in
      gtk_list_view_set_model(gtkObject(listView), $0)
    }
    gtk_widget_add_css_class(listView, "user-list")
    gtk_widget_add_css_class(listView, "user-table")
    RowAccessibility.setLabel(listView, tr("People"))
    scroller = Gtk.scrolledWindow(listView)
    header = TableHeader(columns: columns, order: order)
    widget = Gtk.box(GTK_ORIENTATION_VERTICAL)
    Gtk.append(widget, header.widget, scroller)
    dragScroller = DragScroller(listView: listView, scroller: scroller)
    // The table's rows shape at the width its columns were last drawn at.
    textShaping = TextShapingAhead(factory: factory, view: listView) { row, _ in
      row.shapeText()
    }
    if let visibleWillChange {
      let viewport = ViewportTracker(listView: listView, itemCount: count, prefetcher: nil)
      viewport.onChange = { visibleWillChange($0) }
      self.viewport = viewport
    } else {
      viewport = nil
    }
    let factory = factory
    columns.observe { factory.forEachBoundRow { row, _ in row.columnsChanged() } }
    textShaping.followScrolling()
  }

  /// The bound rows, top to bottom (tests).
  var shownRows: [(position: Int, row: TableRow)] {
    var rows: [(Int, TableRow)] = []
    factory.forEachBoundRow { row, position in rows.append((position, row)) }
    return rows.sorted { $0.0 < $1.0 }.map { (position: $0.0, row: $0.1) }
  }

  /// Shapes the cells of `people`, whom the table is about to show (the
  /// top of a sort, before it is swapped in), in passes of a few
  /// milliseconds between frames, for the rows that will be bound to them
  /// (``ShapedCells``); returns when done, at once when the table is not on
  /// screen or does not shape ahead. What no row takes is dropped after the
  /// frame that follows the next change of the rows.
  func shapeAhead(_ people: [UserViewModel]) async {
    shapedCells.removeAll()
    guard textShaping.isEnabled, gtk_widget_get_mapped(listView) != 0, !people.isEmpty
    else { return }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var next = 0
      Idle.add { [weak self] in
        guard let self, let row = self.rowWithWidth() else {
          done.resume()
          return false
        }
        let deadline = ContinuousClock.now + Self.shapingBudget
        while next < people.count, ContinuousClock.now < deadline {
          let person = people[next]
          next += 1
          guard let lines = row.shapedLines(for: person) else { continue }
          self.shapedCells.store(lines, for: person.identity, layoutVersion: self.columns.version)
        }
        guard next == people.count else { return true }
        done.resume()
        return false
      }
    }
  }

  /// Drops the lines shaped ahead that no row took, after the next frame
  /// (whose layout binds the rows that take theirs).
  func dropShapedCellsAfterNextFrame() {
    guard shapedCells.count > 0, let clock = gtk_widget_get_frame_clock(listView) else {
      return shapedCells.removeAll()
    }
    var connection: SignalConnection?
    connection = Signals.connect(gobject(clock), .afterPaint) { [weak self] in
      connection?.disconnect()
      connection = nil
      self?.shapedCells.removeAll()
    }
  }

  /// A bound row with a width to shape at.
  private func rowWithWidth() -> TableRow? {
    var found: TableRow?
    factory.forEachBoundRow { row, _ in
      if found == nil, gtk_widget_get_width(row.widget) > 0 { found = row }
    }
    return found
  }
}

extension TablePage {
  /// A local directory's table over `model` in `order`, loading 32 pt
  /// avatars through `avatars` (nil: initials only), its rows counted in `census`.
  convenience init(
    model: ListModel<UserRef>, selection: RangeSelection, order: PeopleOrder,
    avatars: AvatarService?, census: RowCensus?
  ) {
    self.init(
      selection: selection, order: order, count: { model.count },
      content: { position in position < model.count ? .person(model[position].viewModel) : nil },
      makeRow: { TableRow(columns: $0, avatars: avatars, shapedCells: $1) },
      census: census)
  }
}
