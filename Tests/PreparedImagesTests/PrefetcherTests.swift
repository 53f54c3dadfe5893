import TestSupport
import XCTest

@testable import PreparedImages

final class PrefetcherTests: XCTestCase {
  func testTheWindowIsOneScreenAheadInTheScrollDirection() {
    // 10 rows of 50 px fill a 500 px page; rows 20...29 are visible at offset 1000.
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 1000, pageSize: 500, rowHeight: 50, itemCount: 1000, down: true), 30..<40)
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 1000, pageSize: 500, rowHeight: 50, itemCount: 1000, down: false), 10..<20)
    // A partly visible row counts as visible.
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 1010, pageSize: 500, rowHeight: 50, itemCount: 1000, down: true), 31..<42)
  }

  func testTheWindowStopsAtTheEndsOfTheList() {
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 0, pageSize: 500, rowHeight: 50, itemCount: 1000, down: false), 0..<0)
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 49_600, pageSize: 500, rowHeight: 50, itemCount: 1000, down: true),
      1000..<1000)
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 0, pageSize: 500, rowHeight: 50, itemCount: 15, down: true), 10..<15)
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 0, pageSize: 500, rowHeight: 0, itemCount: 15, down: true), 0..<0)
    // A row height read between a count change and the next layout (a
    // million rows over a preview's height) asks for at most maxRows.
    XCTAssertEqual(
      ImagePrefetcher.window(
        scrollOffset: 0, pageSize: 800, rowHeight: 0.0096, itemCount: 1_000_000, down: true),
      ImagePrefetcher.maxRows..<(2 * ImagePrefetcher.maxRows))
  }

  @MainActor
  func testFlippingTheDirectionCancelsThePrefetchesLeftBehind() async {
    let server = try! await TestHTTPServer.start()
    for index in 0..<100 {
      server.image(
        "/\(index).png", TestImages.solid(.init(red: 1, green: 1, blue: 1)), latency: .seconds(5))
    }
    let pipeline = ImagePipeline(configuration: .testing())
    let prefetcher = ImagePrefetcher(pipeline: pipeline) {
      ImageRequest(source: .http(server.url("/\($0).png")), pixelSize: 32)
    }

    prefetcher.update(scrollOffset: 1000, pageSize: 500, rowHeight: 50, itemCount: 100)
    XCTAssertEqual(prefetcher.window, 30..<40, "down by default")
    XCTAssertEqual(pipeline.statistics().inFlight, 10)
    prefetcher.update(scrollOffset: 1100, pageSize: 500, rowHeight: 50, itemCount: 100)
    XCTAssertEqual(prefetcher.window, 32..<42)
    XCTAssertEqual(
      pipeline.statistics().inFlight, 10, "rows 30 and 31 came into view: their prefetch is dropped"
    )

    prefetcher.update(scrollOffset: 1050, pageSize: 500, rowHeight: 50, itemCount: 100)
    XCTAssertEqual(prefetcher.window, 11..<21, "now scrolling up")
    XCTAssertEqual(pipeline.statistics().inFlight, 10)
    XCTAssertEqual(
      pipeline.statistics().cancellations, 12, "2 scrolled into view, then all 10 left behind")
    await pipeline.shutdown()
    try! await server.stop()
  }
}
