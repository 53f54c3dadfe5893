import CGtk
import GtkKit
import XCTest

/// A row with one label, counting what it sees.
@MainActor
final class LabelRow: ListRow {
  let widget: Widget
  private(set) var boundValue: Int?

  init() {
    widget = gtk_label_new("")!
    gtk_widget_set_size_request(widget, -1, 40)
  }

  func bind(_ model: Int, position: Int) {
    precondition(boundValue == nil, "bound twice without unbind")
    boundValue = model
    gtk_label_set_text(OpaquePointer(widget), "row \(model)")
  }

  func unbind() {
    precondition(boundValue != nil, "unbind without bind")
    boundValue = nil
  }
}

struct Number: Identifiable { let id: Int }

final class ListFactoryTests: XCTestCase {
  func testScrollingTenThousandRowsRecyclesABoundedSetOfRowsAndFreesThemOnTeardown() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let census = RowCensus()
      let handlers = ClosureCensus()
      var statistics = ListFactory<LabelRow>.Statistics()
      var itemObjects = 0
      do {
        let model = ListModel((0..<10_000).map(Number.init))
        let factory = ListFactory(
          makeRow: { LabelRow() }, model: { model[$0].id }, census: census, handlers: handlers)
        let (window, list) = GtkTestEnvironment.presentList(model, factory, width: 400, height: 600)

        let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))!
        XCTAssertTrue(MainContext.run(until: { factory.statistics.binds > 0 }))
        // The first programmatic jump can be mis-applied in GTK 4.8 (rows stay
        // at the top, the viewport goes blank) unless the view has scrolled to
        // an item once.
        gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(0))
        XCTAssertTrue(GtkTestEnvironment.waitForFrame(list))

        // A frame a step: each step's rows are laid out and bound, however slow the machine.
        var value = 0.0
        while true {
          let upper = gtk_adjustment_get_upper(adjustment)
          let page = gtk_adjustment_get_page_size(adjustment)
          if value >= upper - page { break }
          value = min(value + 500, upper - page)
          gtk_adjustment_set_value(adjustment, value)
          XCTAssertTrue(GtkTestEnvironment.waitForFrame(list))
        }
        XCTAssertGreaterThan(
          gtk_adjustment_get_value(adjustment), 350_000, "the list did not scroll to the end")
        statistics = factory.statistics
        XCTAssertGreaterThan(
          statistics.binds, 9_000, "scrolling through 10,000 rows binds most of them")
        XCTAssertLessThanOrEqual(statistics.setups, 400, "rows are recycled, not created per item")
        XCTAssertEqual(statistics.bound, factory.liveRows - Self.countUnbound(factory))
        XCTAssertLessThan(model.liveItemObjects, 1_000, "items are made on demand")
        XCTAssertEqual(census.live, factory.liveRows, "the census counts each row the list holds")

        GtkTestEnvironment.destroyAndWaitUntilFreed(window)
        statistics = factory.statistics
        itemObjects = model.liveItemObjects
      }
      XCTAssertEqual(statistics.binds, statistics.unbinds, "every bind is paired with an unbind")
      XCTAssertEqual(statistics.setups, statistics.teardowns, "every row is torn down")
      XCTAssertEqual(census.live, 0, "row state outlived the list")
      XCTAssertEqual(itemObjects, 0, "item objects outlived the list")
      XCTAssertEqual(handlers.live, 0, "factory handlers leaked")
    }
  }

  @MainActor private static func countUnbound(_ factory: ListFactory<LabelRow>) -> Int {
    var bound = 0
    factory.forEachBoundRow { row, _ in if row.boundValue != nil { bound += 1 } }
    return factory.liveRows - bound
  }

  func testTheBindAndUnbindObserversHearEveryBindAndUnbindTheRowsSee() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<2_000).map(Number.init))
      let factory = ListFactory(makeRow: { LabelRow() }, model: { model[$0].id })
      var bindTimes: [Double] = []
      var unbindTimes: [Double] = []
      factory.bindObserver = { bindTimes.append($0) }
      factory.unbindObserver = { unbindTimes.append($0) }
      let (window, list) = GtkTestEnvironment.presentList(model, factory, width: 400, height: 600)
      XCTAssertTrue(MainContext.run(until: { factory.statistics.binds > 0 }))
      XCTAssertEqual(unbindTimes.count, 0, "nothing was unbound yet")
      gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(0))
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(list))
      let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))!
      for step in 1...20 {
        gtk_adjustment_set_value(adjustment, Double(step) * 1_000)
        XCTAssertTrue(GtkTestEnvironment.waitForFrame(list))
      }
      XCTAssertGreaterThan(unbindTimes.count, 100, "scrolling away unbinds rows")
      XCTAssertEqual(unbindTimes.count, factory.statistics.unbinds)
      XCTAssertEqual(bindTimes.count, factory.statistics.binds)
      XCTAssertTrue(unbindTimes.allSatisfy { $0 >= 0 })
      GtkTestEnvironment.close(window)
    }
  }

  /// A row's position is found from the row alone: the position the visit of every bound row
  /// gives it, its new one once re-bound elsewhere, and none once it is no longer bound.
  func testARowsBoundPositionIsTheOneItShowsAndNoneOnceUnbound() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<2_000).map(Number.init))
      let factory = ListFactory(makeRow: { LabelRow() }, model: { model[$0].id })
      let (window, list) = GtkTestEnvironment.presentList(model, factory, width: 400, height: 600)
      defer { gtk_window_destroy(cgtk_window(window)) }
      XCTAssertTrue(MainContext.run(until: { factory.statistics.binds > 20 }))
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(list))
      var bound: [(row: LabelRow, position: Int)] = []
      factory.forEachBoundRow { row, position in bound.append((row, position)) }
      XCTAssertGreaterThan(bound.count, 20)
      for (row, position) in bound {
        XCTAssertEqual(factory.boundPosition(of: row), position)
        XCTAssertEqual(row.boundValue, position)
      }
      XCTAssertNil(factory.boundPosition(of: LabelRow()), "a row of no factory has no position")
      // Far down the list every row is bound again elsewhere or not at all.
      gtk_widget_activate_action_variant(list, "list.scroll-to-item", g_variant_new_uint32(0))
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(list))
      let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(list))!
      gtk_adjustment_set_value(adjustment, 40_000)
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(list))
      // (GTK keeps the focused row, the first, bound wherever the list is.)
      var moved = 0
      for (row, position) in bound {
        let now = factory.boundPosition(of: row)
        if now != position { moved += 1 }
        XCTAssertEqual(now, row.boundValue, "row \(position) reads as bound where it is not")
      }
      XCTAssertGreaterThanOrEqual(moved, bound.count - 1, "rows still read as bound up there")
    }
  }

  func testAModelOfAMillionElementsCreatesNoObjectsUpFront() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<1_000_000).map(Number.init))
      XCTAssertEqual(g_list_model_get_n_items(model.listModel), 1_000_000)
      XCTAssertEqual(model.itemObjectsCreated, 0)
      let item = g_list_model_get_item(model.listModel, 765_432)!
      XCTAssertEqual(ListModel<Number>.identity(ofItem: item), 765_432)
      let again = g_list_model_get_item(model.listModel, 765_432)!
      XCTAssertEqual(item, again, "one live item object per identity")
      XCTAssertEqual(model.itemObjectsCreated, 1)
      g_object_unref(item)
      g_object_unref(again)
      XCTAssertEqual(model.liveItemObjects, 0)
      XCTAssertNil(g_list_model_get_item(model.listModel, 1_000_000))
    }
  }

  func testSplicingAnnouncesOneMinimalChange() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<100).map(Number.init))
      var changes: [(Int, Int, Int)] = []
      let handler:
        @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) ->
          Void = {
            _, position, removed, added, data in
            data!.assumingMemoryBound(to: [(Int, Int, Int)].self).pointee.append(
              (Int(position), Int(removed), Int(added)))
          }
      withUnsafeMutablePointer(to: &changes) { pointer in
        let id = g_signal_connect_data(
          model.object.pointer, "items-changed", unsafeBitCast(handler, to: GCallback.self),
          UnsafeMutableRawPointer(pointer), nil, GConnectFlags(0))
        model.splice(at: 10, removing: 2, inserting: [Number(id: 1000)])
        model.replaceAll(with: (0..<5).map(Number.init))
        g_signal_handler_disconnect(model.object.pointer, id)
      }
      XCTAssertEqual(changes.map { [$0.0, $0.1, $0.2] }, [[10, 2, 1], [0, 99, 0], [0, 0, 5]])
      XCTAssertEqual(model.count, 5)
    }
  }
}
