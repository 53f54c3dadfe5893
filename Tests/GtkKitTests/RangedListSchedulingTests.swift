import CGtk
import GtkKit
import XCTest

/// A windowed list fetches only what is on screen and one screen ahead,
/// gives up on what the user scrolled past, keeps a bounded number of
/// pages, and retries a failure only when its rows are wanted again.
final class RangedListSchedulingTests: XCTestCase {
  func testOnlyThePagesOnScreenAndOneScreenAheadAreFetchedVisibleOnesFirst() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 1_000_000, holding: true)
      let list = RangedListHarness(
        source, count: 1_000_000, configuration: .init(pageSize: 5, maxFetchesInFlight: 1))
      defer { list.close() }
      list.reportVisible()
      XCTAssertTrue(list.settle())
      let firstScreen = source.requests
      XCTAssertEqual(firstScreen.map(\.lowerBound), [0, 5, 10, 15], "two pages shown, two ahead")

      list.scroll(toRow: 500_003)
      XCTAssertTrue(list.settle())
      let visible = list.model.visible
      XCTAssertEqual(visible.lowerBound, 500_003)
      let ahead = visible.upperBound..<(visible.upperBound + visible.count)
      let shownPages = Array(
        stride(from: visible.lowerBound / 5 * 5, to: visible.upperBound, by: 5))
      let aheadPages = stride(from: shownPages.last! + 5, to: ahead.upperBound, by: 5)
      let expected = (shownPages + aheadPages).map { $0..<($0 + 5) }
      XCTAssertEqual(Array(source.requests.dropFirst(firstScreen.count)), expected)
      XCTAssertEqual(source.requests.count, firstScreen.count + expected.count)
      XCTAssertEqual(list.model.statistics.requested, list.model.statistics.started)
      XCTAssertGreaterThan(list.shownRows().count, 100, "GTK binds far more rows than it shows")
      list.assertRowsShowTheirOwnElements(skeletonAllowed: { !visible.contains($0) })

      // Back up: the screen above comes after the visible rows, nearest first.
      let before = source.requests.count
      list.scroll(toRow: 400_003)
      XCTAssertTrue(list.settle())
      XCTAssertEqual(
        Array(source.requests.dropFirst(before).map(\.lowerBound)),
        [400_000, 400_005, 400_010, 399_995, 399_990])
    }
  }

  func testPagesScrolledPastAreDroppedBeforeSendingOrCancelledInFlight() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 100_000, holding: true)
      let list = RangedListHarness(
        source, count: 100_000, configuration: .init(pageSize: 10, maxFetchesInFlight: 1))
      defer { list.close() }
      list.reportVisible()
      XCTAssertTrue(MainContext.run(until: { source.heldCount == 1 }))
      XCTAssertEqual(list.model.fetchesWaiting, 1, "page 1, one screen ahead, waits its turn")

      // A fling: each stop's first page is sent and the rest are queued,
      // then the next stop makes them unwanted.
      list.scroll(toRow: 1000)
      XCTAssertTrue(MainContext.run(until: { source.requests.count == 2 }))
      list.scroll(toRow: 5000)
      XCTAssertEqual(list.model.statistics.cancelled, 2)
      XCTAssertEqual(list.model.statistics.droppedBeforeSending, 2)
      XCTAssertTrue(MainContext.run(until: { source.cancellations == [0..<10, 1000..<1010] }))

      XCTAssertTrue(list.settle())
      let statistics = list.model.statistics
      XCTAssertEqual(
        source.requests.first(where: { $0.lowerBound < 5000 && $0.lowerBound > 0 }), 1000..<1010)
      XCTAssertFalse(source.requests.contains(10..<20), "the page dropped before sending")
      XCTAssertEqual(statistics.failed, 0, "a cancelled fetch is no failure")
      XCTAssertEqual(statistics.discardedLate, 0, "the cancelled fetches gave up")
      XCTAssertEqual(statistics.started, statistics.arrived + statistics.cancelled)
      XCTAssertEqual(
        statistics.requested, statistics.started + statistics.droppedBeforeSending)
      let visible = list.model.visible
      list.assertRowsShowTheirOwnElements(skeletonAllowed: { !visible.contains($0) })
    }
  }

  func testTheCacheKeepsAtMostItsBoundOfPagesAndAlwaysTheVisibleOnes() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 100_000)
      let list = RangedListHarness(
        source, count: 100_000, configuration: .init(pageSize: 10, maxCachedPages: 4))
      defer { list.close() }
      for row in stride(from: 0, to: 3000, by: 300) {
        list.scroll(toRow: row)
        XCTAssertTrue(list.settle())
        XCTAssertLessThanOrEqual(list.model.cachedPageCount, 4)
        for position in list.model.visible {
          XCTAssertEqual(list.model[position], source.element(position))
        }
      }
      let statistics = list.model.statistics
      XCTAssertGreaterThan(statistics.arrived, 10)
      XCTAssertEqual(statistics.evicted, statistics.arrived - list.model.cachedPageCount)
    }
  }

  func testAFailingFetchIsReportedOnceAndRetriedWhenItsRowsAreWantedAgain() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let source = PagedSource(count: 1000)
      source.change(failing: true)
      let list = RangedListHarness(source, count: 1000, configuration: .init(pageSize: 10))
      defer { list.close() }
      var errors: [any Error] = []
      list.model.onError = { errors.append($0) }
      var arrivals = 0
      list.model.onArrival = { arrivals += 1 }
      list.reportVisible()
      XCTAssertTrue(MainContext.run(until: { list.model.statistics.failed == 2 }))
      XCTAssertTrue(list.settle())
      XCTAssertEqual(errors.count, 1, "one report for the burst")
      XCTAssertTrue(errors.first is PagedSource.Failure)
      XCTAssertEqual(Set(source.requests), [0..<10, 10..<20], "no retry on its own")
      XCTAssertTrue(list.shownRows().values.allSatisfy { $0 == SkeletonRow.skeleton })
      XCTAssertEqual(arrivals, 0, "a failed page is no arrival")
      list.reportVisible()
      XCTAssertEqual(source.requests.count, 2, "the same rows again are no reason to retry")

      source.change(failing: false)
      list.scroll(toRow: 1)
      XCTAssertTrue(list.settle())
      XCTAssertEqual(list.model.statistics.arrived, 3, "rows 1..<11 and one screen ahead")
      XCTAssertEqual(arrivals, 3, "pages flow again: the owner hears of each")
      XCTAssertEqual(source.requests.count, 5)
      XCTAssertEqual(list.model[1], "e1")
      list.assertRowsShowTheirOwnElements(skeletonAllowed: { $0 >= 30 })
      XCTAssertEqual(errors.count, 1)

      // A failure after an arrival starts a new burst.
      source.change(failing: true)
      list.scroll(toRow: 100)
      XCTAssertTrue(MainContext.run(until: { errors.count == 2 }))
    }
  }

  func testAPageIsHeldToWhatWasAskedWhateverTheSourceAnswers() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      // Page 0 comes back with the whole list, page 1 with an impossible count.
      let model = RangedListModel<Int>(
        count: 1000, configuration: .init(pageSize: 10, maxFetchesInFlight: 1)
      ) { range in
        range.lowerBound == 0
          ? ElementRange(offset: 0, elements: Array(0..<1000), count: 1000, isCountFinal: false)
          : ElementRange(offset: range.lowerBound, elements: [], count: -1)
      }
      var errors: [any Error] = []
      model.onError = { errors.append($0) }
      model.setVisible(0..<10)
      XCTAssertTrue(MainContext.run(until: { model.statistics.failed == 1 }))
      XCTAssertEqual(model[9], 9)
      XCTAssertNil(model[10], "the elements past the page asked for were not kept")
      XCTAssertEqual(errors as? [RangedListError], [.countOutOfRange(-1)])
      XCTAssertEqual(model.count, 1000)
      XCTAssertFalse(model.isCountFinal)
    }
  }
}
