import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The text of a row about to scroll in is shaped in the gap after a frame,
/// so the frame that first shows the row only draws it; and the count of
/// lines shaped while drawing, which the benchmark reports, does count when
/// a draw has to shape.
final class TextShapingAheadTests: XCTestCase {
  /// Scrolls `window`'s list by `rows` rows `steps` times, each step waiting
  /// for the frame that paints it and, while shaping ahead is on, for the
  /// idle pass after it (drained, not slept).
  ///
  /// The next step starts only once no pass is queued: a machine running
  /// late starts its next frame at once, ahead of an idle, so a pass still
  /// queued when the test scrolls again would run after the frame it was
  /// meant to precede. The test holds that order itself; whether GTK leaves
  /// a gap between two frames is not what it checks.
  @MainActor private static func scroll(
    _ window: MainWindow, rows: Double, steps: Int, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    scroll(
      window, view: window.listView, shaping: window.list.textShaping,
      pixels: rows * window.viewport.rowHeight, steps: steps, file: file, line: line)
  }

  /// Scrolls `view` by `pixels` `steps` times, each step waiting for the
  /// frame that paints it and, while `shaping` is on, until the passes it
  /// queued have run (at least one, and none is left queued).
  /// With `inFrame`, each step scrolls from a tick callback, inside the
  /// frame that paints it, as a fling or the bench scrolls.
  @MainActor private static func scroll<Row: ListRow>(
    _ window: MainWindow, view: Widget, shaping: TextShapingAhead<Row>, pixels: Double,
    steps: Int, inFrame: Bool = false, file: StaticString = #filePath, line: UInt = #line
  ) {
    let clock = gtk_widget_get_frame_clock(window.window)!
    var painted = 0
    let connection = Signals.connect(gobject(clock), .afterPaint) { painted += 1 }
    defer { connection.disconnect() }
    var shaped = 0
    shaping.onShaped = { shaped += 1 }
    defer { shaping.onShaped = nil }
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(view))!
    for _ in 0..<steps {
      let paintedBefore = painted
      let shapedBefore = shaped
      let move = {
        let target = gtk_adjustment_get_value(adjustment) + pixels
        gtk_adjustment_set_value(adjustment, target)
        XCTAssertEqual(
          gtk_adjustment_get_value(adjustment), target, "the view did not scroll", file: file,
          line: line)
      }
      if inFrame {
        TickCallback.add(to: view) { _ in
          move()
          return false
        }
      } else {
        move()
      }
      let done = MainContext.run(
        until: {
          painted > paintedBefore
            && (!shaping.isEnabled || (shaped > shapedBefore && !shaping.isPending))
        },
        timeout: .seconds(10))
      XCTAssertTrue(done, "a scroll step was not painted and shaped after", file: file, line: line)
    }
  }

  /// Shows the grid and waits until GTK has laid it out with room to
  /// scroll (cells bound alone do not mean its adjustment has its range)
  /// and the pass its first screen queued has run.
  @MainActor private static func showGrid(_ window: MainWindow) {
    window.isGridMode = true
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.grid.gridView))!
    XCTAssertTrue(
      MainContext.run(until: {
        window.grid.factory.statistics.bound > 0
          && gtk_adjustment_get_upper(adjustment) > 2 * gtk_adjustment_get_page_size(adjustment)
      }), "the grid was not laid out")
    drainShaping(window, window.grid.textShaping)
  }

  /// Paints a frame and waits until `shaping` has no pass queued: what a
  /// view just shown or loaded queued has run (drained, not slept).
  @MainActor private static func drainShaping<Row: ListRow>(
    _ window: MainWindow, _ shaping: TextShapingAhead<Row>, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    WindowTestSupport.waitForFrames(window, 1, file: file, line: line)
    XCTAssertTrue(
      MainContext.run(until: { !shaping.isPending }, timeout: .seconds(10)),
      "a shaping pass stayed queued", file: file, line: line)
  }

  /// A window on the embedded directory, its rows counting into `counts`.
  @MainActor private static func openWindow(counting counts: RowProbe) throws
    -> MainWindow
  {
    try WindowTestSupport.setUp()
    let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil, probe: counts)
    // The first screen is drawn as it loads, and the screens around it
    // shaped after; count from the first scroll on.
    drainShaping(window, window.list.textShaping)
    return window
  }

  func testRowsScrollingInWereShapedBetweenFrames() throws {
    try MainActor.assumeIsolated {
      let counts = RowProbe()
      let window = try Self.openWindow(counting: counts)
      defer { window.close() }
      // One step to set the direction and shape the screen below.
      Self.scroll(window, rows: 1, steps: 1)
      counts.resetTextCounts()
      Self.scroll(window, rows: 1, steps: 30)
      print(
        "down: \(counts.linesShapedAhead) lines shaped ahead, "
          + "\(counts.linesShapedWhileDrawing) while drawing")
      // Each step brings one row into the screen below: its name, role and
      // initials (no avatars), shaped by the pass after the step's frame.
      XCTAssertEqual(counts.linesShapedAhead, 3 * 30, "not one new row a step shaped ahead")
      XCTAssertEqual(counts.linesShapedWhileDrawing, 0, "a frame shaped a row's text")

      // Up, from rows never shown: the screen above is shaped now.
      Self.scroll(window, rows: 1000, steps: 1)
      Self.scroll(window, rows: -1, steps: 1)
      counts.resetTextCounts()
      Self.scroll(window, rows: -1, steps: 20)
      print(
        "up: \(counts.linesShapedAhead) lines shaped ahead, "
          + "\(counts.linesShapedWhileDrawing) while drawing")
      XCTAssertEqual(counts.linesShapedAhead, 3 * 20, "not one new row a step shaped ahead")
      XCTAssertEqual(counts.linesShapedWhileDrawing, 0, "a frame shaped a row's text")
    }
  }

  /// Without shaping ahead, the same scroll shapes every new row inside the
  /// frame that shows it: the count the first test holds at 0 rises.
  func testWithoutShapingAheadFramesShapeTheNewRows() throws {
    try MainActor.assumeIsolated {
      let counts = RowProbe()
      let window = try Self.openWindow(counting: counts)
      defer { window.close() }
      window.shapesTextAhead = false
      // The screen below the first was shaped while the window opened.
      let screen = window.viewport.visible.count
      counts.resetTextCounts()
      Self.scroll(window, rows: 1, steps: 30)
      print(
        "off: \(counts.linesShapedWhileDrawing) lines shaped while drawing, "
          + "visible \(window.viewport.visible)")
      XCTAssertEqual(counts.linesShapedAhead, 0)
      // At least the name and role of each row that scrolled in beyond it.
      XCTAssertGreaterThanOrEqual(counts.linesShapedWhileDrawing, 2 * (30 - screen))
    }
  }

  /// A grid's cells coming on screen were shaped between frames too; with
  /// shaping ahead off, the frames shape them.
  func testGridCellsScrollingInWereShapedBetweenFrames() throws {
    try MainActor.assumeIsolated {
      let counts = RowProbe()
      let window = try Self.openWindow(counting: counts)
      defer { window.close() }
      Self.showGrid(window)
      let grid = window.grid
      Self.scroll(window, view: grid.gridView, shaping: grid.textShaping, pixels: 40, steps: 1)
      counts.resetTextCounts()
      Self.scroll(window, view: grid.gridView, shaping: grid.textShaping, pixels: 40, steps: 30)
      print(
        "grid: \(counts.linesShapedAhead) lines shaped ahead, "
          + "\(counts.linesShapedWhileDrawing) while drawing")
      XCTAssertGreaterThan(counts.linesShapedAhead, 10, "nothing was shaped ahead")
      XCTAssertEqual(counts.linesShapedWhileDrawing, 0, "a frame shaped a cell's text")

      grid.textShaping.isEnabled = false
      counts.resetTextCounts()
      Self.scroll(window, view: grid.gridView, shaping: grid.textShaping, pixels: 40, steps: 30)
      print("grid off: \(counts.linesShapedWhileDrawing) lines shaped while drawing")
      XCTAssertGreaterThan(counts.linesShapedWhileDrawing, 0)
    }
  }

  /// A window on the embedded directory showing its table, laid out with
  /// room to scroll and the list faded out; with the table's adjustment.
  @MainActor private static func openTable(counting counts: RowProbe) throws
    -> (MainWindow, UnsafeMutablePointer<GtkAdjustment>)
  {
    let window = try openWindow(counting: counts)
    window.viewMode = .table
    let adjustment = gtk_scrollable_get_vadjustment(gtkObject(window.table.listView))!
    XCTAssertTrue(
      MainContext.run(until: {
        gtk_adjustment_get_upper(adjustment) > 2 * gtk_adjustment_get_page_size(adjustment)
          && gtk_stack_get_transition_running(gtkObject(window.peoplePage.widget)) == 0
      }), "the table was not laid out, or the list still fading out")
    return (window, adjustment)
  }

  /// Opens a window showing its table, scrolls the table down by `pixels`
  /// once (to set the direction), then `steps` times, and checks that those
  /// steps shaped the rows coming in ahead and no frame shaped any.
  @MainActor private static func assertTableShapedAhead(
    pixels: Double, steps: Int, inFrame: Bool, label: String
  ) throws {
    let counts = RowProbe()
    let (window, _) = try openTable(counting: counts)
    defer { window.close() }
    let table = window.table
    let (view, shaping) = (table.listView, table.textShaping)
    scroll(window, view: view, shaping: shaping, pixels: pixels, steps: 1, inFrame: inFrame)
    counts.resetTextCounts()
    scroll(window, view: view, shaping: shaping, pixels: pixels, steps: steps, inFrame: inFrame)
    print(
      "\(label): \(counts.linesShapedAhead) lines shaped ahead, "
        + "\(counts.linesShapedWhileDrawing) while drawing")
    XCTAssertGreaterThan(counts.linesShapedAhead, 20, "nothing was shaped ahead")
    XCTAssertEqual(counts.linesShapedWhileDrawing, 0, "a frame shaped a row's text")
  }

  /// A table's rows coming on screen were shaped between frames too.
  func testTableRowsScrollingInWereShapedBetweenFrames() throws {
    try MainActor.assumeIsolated {
      try Self.assertTableShapedAhead(pixels: 44, steps: 30, inFrame: false, label: "table")
    }
  }

  /// The direction a pass shapes is the way the view moved since the last
  /// pass, not the way of the adjustment's last change: scrolled inside a
  /// frame to a fraction of a pixel (as a fling or the bench scrolls), the
  /// list sets its value again in the same frame, a little back (anchoring
  /// its rows to whole pixels), and a table scrolled down so must still
  /// have the rows below shaped.
  func testATableScrolledDownInsideFramesIsShapedBelow() throws {
    try MainActor.assumeIsolated {
      try Self.assertTableShapedAhead(pixels: 100.4, steps: 20, inFrame: true, label: "in frames")
    }
  }

  /// A pass that runs before GTK has laid the view out since the scroll (a
  /// view just shown, a frame held up by a busy machine) finds no cell on
  /// screen to measure the band from: it runs again after the next frame,
  /// instead of dropping the scroll's shaping.
  func testAPassBeforeTheViewIsLaidOutRunsAgainAfterTheNextFrame() throws {
    try MainActor.assumeIsolated {
      let counts = RowProbe()
      let window = try Self.openWindow(counting: counts)
      defer { window.close() }
      Self.showGrid(window)
      let shaping = window.grid.textShaping
      var passes = 0
      shaping.onShaped = { passes += 1 }
      defer { shaping.onShaped = nil }
      window.isGridMode = false
      // No cell of the grid is shown now: the pass has no band to shape.
      shaping.scrolled(direction: 1)
      // Two frames without the grid, each followed by the pass run again,
      // which finds no cell shown either.
      WindowTestSupport.waitForFrames(window, 2)
      while MainContext.iterate() {}
      XCTAssertEqual(passes, 0, "a pass shaped with no cell shown")
      window.isGridMode = true
      XCTAssertTrue(
        MainContext.run(until: { passes > 0 }, timeout: .seconds(10)),
        "the pass that found nothing shown never ran again")
    }
  }

  /// A pass queued when the window is closed runs nothing: the views, their
  /// rows and their frame clock are gone with the window (the pass used to
  /// shape the table's rows after it, and to ask the destroyed view for its
  /// frame clock).
  func testAPassQueuedWhenTheWindowClosesDoesNothing() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(counting: RowProbe())
      window.viewMode = .table
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "the table shows no rows")
      let shaping = window.table.textShaping
      var passes = 0
      shaping.onShaped = { passes += 1 }
      shaping.visibleRangeChanged(to: 0..<10, direction: 1)
      window.close()
      while MainContext.iterate() {}  // every source ready now, the queued idle among them
      XCTAssertEqual(passes, 0, "a pass ran after the window was closed")
      shaping.visibleRangeChanged(to: 0..<10, direction: 1)
      while MainContext.iterate() {}
      XCTAssertEqual(passes, 0, "a pass was queued after the window was closed")
    }
  }

  /// A sort of the table, scrolled far from the top, shapes the cells of
  /// the people it will show at the top between frames before it is
  /// swapped in: the frames after it shape none, and draw each row's own
  /// text. Without shaping ahead, those frames shape the whole screen.
  func testASortedTableIsShapedBeforeItIsSwappedIn() throws {
    try MainActor.assumeIsolated {
      let shaped = try Self.linesShapedWhileDrawingAfterASort(shapingAhead: true)
      XCTAssertEqual(shaped.whileDrawing, 0, "a frame after the sort shaped a cell")
      XCTAssertGreaterThan(shaped.ahead, 20, "nothing was shaped ahead of the swap")
      let unshaped = try Self.linesShapedWhileDrawingAfterASort(shapingAhead: false)
      XCTAssertGreaterThan(unshaped.whileDrawing, 20, "without shaping ahead, frames shaped none")
    }
  }

  @MainActor private static func linesShapedWhileDrawingAfterASort(shapingAhead: Bool) throws
    -> (ahead: Int, whileDrawing: Int)
  {
    let counts = RowProbe()
    let (window, adjustment) = try openTable(counting: counts)
    defer { window.close() }
    let table = window.table
    // Half way down: the rows at the top are not bound. (GTK 4.8 can leave
    // the viewport blank after a first jump unless it scrolled to an item.)
    gtk_widget_activate_action_variant(
      table.listView, "list.scroll-to-item", g_variant_new_uint32(0))
    WindowTestSupport.waitForFrames(window)
    let half = gtk_adjustment_get_upper(adjustment) / 2
    gtk_adjustment_set_value(adjustment, half)
    WindowTestSupport.waitForFrames(window, 3)
    XCTAssertEqual(gtk_adjustment_get_value(adjustment), half, accuracy: 1, "no scroll")
    XCTAssertTrue(table.factory.shownPositions().lowerBound > 100, "the view is not half way")
    window.peoplePage.shapesTextAhead = shapingAhead
    counts.resetTextCounts()
    window.local.order.sort(by: PersonSort([.init(.email)]))
    XCTAssertTrue(
      MainContext.run(until: { !window.local.isSorting }, timeout: .seconds(10)), "no sort")
    var checked = 0
    let watcher = FrameRowWatcher(window, table: table) { row, position in
      XCTAssertEqual(row.cellTexts.first, window.model[position].displayName)
      checked += 1
    }
    WindowTestSupport.waitForFrames(window, 3)
    watcher.stop()
    XCTAssertGreaterThan(checked, 0)
    XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0, "the sort did not scroll to the top")
    return (counts.linesShapedAhead, counts.linesShapedWhileDrawing)
  }

  /// What a row draws after its text was shaped ahead is what it drew
  /// before: the same name and role, at the same width.
  func testShapingAheadKeepsTheDrawnText() throws {
    try MainActor.assumeIsolated {
      let counts = RowProbe()
      let window = try Self.openWindow(counting: counts)
      defer { window.close() }
      Self.scroll(window, rows: 1, steps: 12)
      var checked = 0
      let watcher = FrameRowWatcher(window) { row, position in
        XCTAssertEqual(row.shownName, window.model[position].viewModel.displayName)
        checked += 1
      }
      Self.scroll(window, rows: 1, steps: 5)
      watcher.stop()
      XCTAssertGreaterThan(checked, 0)
    }
  }
}

/// A line's shaped state follows its text and width.
final class TextLineShapingTests: XCTestCase {
  func testALineIsShapedUntilItsTextOrWidthChanges() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let label = gtk_label_new("")!
      g_object_ref_sink(gobject(label))
      defer { g_object_unref(gobject(label)) }
      let font = pango_font_description_from_string("Sans 11")!
      defer { pango_font_description_free(font) }
      let line = TextLine()
      line.set("ada")
      XCTAssertFalse(line.isShaped)
      line.shape(in: label, font: font, width: 200)
      XCTAssertTrue(line.isShaped)
      XCTAssertFalse(line.set("ada"), "the same text is no change")
      XCTAssertTrue(line.isShaped)
      line.set("grace")
      XCTAssertFalse(line.isShaped, "new text needs shaping")
      line.shape(in: label, font: font, width: 200)
      XCTAssertTrue(line.isShaped)
      _ = line.layout(in: label, font: font, width: 120)
      XCTAssertTrue(line.isShaped, "drawing at a new width shapes it again")
      line.shape(in: label, font: font, width: 200)
      XCTAssertTrue(line.isShaped)
      line.reset()
      XCTAssertFalse(line.isShaped)
    }
  }
}
