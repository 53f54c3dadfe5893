import CGtk
import GtkKit
import XCTest

/// Rows of a windowed list exist before their data: they show skeletons,
/// fill in place as pages arrive, and never show a page meant for another
/// position or an older search.
final class RangedListArrivalTests: XCTestCase {
  func testRowsShowSkeletonsAtOnceAndFillInPlaceWhenTheirPageArrives() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 1000, holding: true)
      let list = RangedListHarness(source, count: 1000, configuration: .init(pageSize: 100))
      defer { list.close() }
      XCTAssertEqual(g_list_model_get_n_items(list.model.listModel), 1000)
      XCTAssertEqual(list.model.statistics.started, 0, "nothing is fetched before rows are shown")
      XCTAssertGreaterThan(list.shownRows().count, 100, "GTK binds rows past the first page")
      XCTAssertTrue(list.shownRows().values.allSatisfy { $0 == SkeletonRow.skeleton })

      list.reportVisible()
      XCTAssertTrue(MainContext.run(until: { source.heldCount == 1 }))
      XCTAssertEqual(source.requests, [0..<100], "the visible rows and one screen ahead: page 0")
      let before = list.factory.statistics
      list.settle()
      XCTAssertEqual(list.model.statistics.arrived, 1)

      let after = list.factory.statistics
      XCTAssertEqual(after.setups, before.setups, "no row widget was rebuilt")
      XCTAssertEqual(after.binds, before.binds, "GTK bound nothing: the rows were filled in place")
      XCTAssertEqual(
        after.rebinds - before.rebinds, list.shownRows().keys.filter { $0 < 100 }.count)
      XCTAssertEqual(list.changes, [], "an arriving page announces nothing")
      list.assertRowsShowTheirOwnElements(skeletonAllowed: { $0 >= 100 })
      XCTAssertTrue(
        list.shownRows().filter { $0.key >= 100 }.values.allSatisfy {
          $0 == SkeletonRow.skeleton
        })
      XCTAssertEqual(list.model[5], "e5")
      XCTAssertNil(list.model[100])
    }
  }

  func testAPageArrivingAfterItsRowsScrolledAwayTouchesNoRow() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 100_000, holding: true, honoursCancellation: false)
      let list = RangedListHarness(source, count: 100_000, configuration: .init(pageSize: 100))
      defer { list.close() }
      list.reportVisible()
      XCTAssertTrue(MainContext.run(until: { source.heldCount == 1 }))

      // Page 0 is on its way when its rows are recycled for row 50,000.
      list.scroll(toRow: 50_000)
      XCTAssertEqual(list.model.statistics.cancelled, 1)
      XCTAssertTrue(MainContext.run(until: { source.cancellations == [0..<100] }))
      list.settle()
      XCTAssertTrue(MainContext.run(until: { list.model.statistics.discardedLate == 1 }))

      XCTAssertNil(list.model[0], "the late page was thrown away")
      // GTK recycled the first page's rows; it keeps at most the focused row 0.
      let firstPageRows = list.shownRows().filter { $0.key < 100 }
      XCTAssertLessThanOrEqual(firstPageRows.count, 1)
      XCTAssertTrue(firstPageRows.values.allSatisfy { $0 == SkeletonRow.skeleton })
      let visible = list.model.visible
      list.assertRowsShowTheirOwnElements(skeletonAllowed: { !visible.contains($0) })
      XCTAssertEqual(list.model.statistics.arrived, 1, "only page 500 arrived")
    }
  }

  func testAChangedCountIsAnnouncedAsOneChangeAtTheEnd() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 1200)
      let list = RangedListHarness(source, count: 1000, configuration: .init(pageSize: 100))
      defer { list.close() }
      list.reportVisible()
      XCTAssertTrue(MainContext.run(until: { list.model.statistics.arrived == 1 }))
      XCTAssertEqual(list.changes, [[1000, 0, 200]], "the new tail only")
      XCTAssertEqual(g_list_model_get_n_items(list.model.listModel), 1200)

      source.change(count: 900)
      list.model.refill()
      XCTAssertTrue(MainContext.run(until: { list.model.statistics.arrived == 2 }))
      XCTAssertEqual(list.changes, [[1000, 0, 200], [900, 300, 0]], "the lost tail only")
      XCTAssertEqual(list.model.count, 900)
      list.assertRowsShowTheirOwnElements(skeletonAllowed: { $0 >= 100 })
    }
  }

  func testARefillKeepsShowingTheDataUntilEachPageIsReplaced() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 1000)
      let list = RangedListHarness(source, count: 1000, configuration: .init(pageSize: 100))
      defer { list.close() }
      list.reportVisible()
      XCTAssertTrue(MainContext.run(until: { list.model.statistics.arrived == 1 }))
      let rowsBuilt = list.factory.statistics.setups

      source.change(prefix: "f", holding: true)
      list.model.refill()
      XCTAssertTrue(MainContext.run(until: { source.heldCount == 1 }))
      XCTAssertEqual(list.model[3], "e3", "the old data shows until its page is read again")
      XCTAssertEqual(list.shownRows()[3], "e3")

      list.settle()
      XCTAssertEqual(list.model[3], "f3")
      list.assertRowsShowTheirOwnElements(skeletonAllowed: { $0 >= 100 })
      XCTAssertEqual(list.factory.statistics.setups, rowsBuilt)
      XCTAssertEqual(list.changes, [])
    }
  }

  func testASearchThrowsAwayPagesOfTheOldOneThatArriveLate() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let old = PagedSource(count: 1000, prefix: "old", holding: true, honoursCancellation: false)
      let list = RangedListHarness(old, count: 1000, configuration: .init(pageSize: 100))
      defer { list.close() }
      list.reportVisible()
      XCTAssertTrue(MainContext.run(until: { old.heldCount == 1 }))
      let rowsBuilt = list.factory.statistics.setups
      let generation = list.model.generation

      let new = PagedSource(count: 500, prefix: "new")
      list.model.reset(count: 500, fetch: new.fetch)
      XCTAssertEqual(list.model.generation, generation + 1)
      XCTAssertEqual(list.changes, [[500, 500, 0]], "one change at the end")
      XCTAssertTrue(
        list.shownRows().values.allSatisfy { $0 == SkeletonRow.skeleton },
        "the rows were re-bound to skeletons in place")
      XCTAssertEqual(list.model.statistics.cancelled, 1)

      old.release()
      XCTAssertTrue(
        MainContext.run(until: {
          list.model.statistics.discardedStale == 1 && list.model.statistics.arrived == 1
        }))
      XCTAssertEqual(list.factory.statistics.setups, rowsBuilt, "no row widget was rebuilt")
      XCTAssertEqual(list.model[0], "new0")
      list.assertRowsShowTheirOwnElements(of: new, skeletonAllowed: { $0 >= 100 })
      XCTAssertFalse(list.shownRows().values.contains { $0.hasPrefix("old") })
    }
  }
}
