import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

final class StatisticsTests: XCTestCase {
  @MainActor
  func testTheReportCountsWhatHappened() async throws {
    let folder = TemporaryDirectory()
    let good = ImageRequest(
      source: .file(folder.write("a.png", TestImages.solid(.init(red: 1, green: 1, blue: 1)))),
      pixelSize: 32)
    let missing = ImageRequest(source: .file(folder.path + "/missing.png"), pixelSize: 32)
    let pipeline = ImagePipeline(configuration: .testing())
    XCTAssertNil(pipeline.cachedImage(for: good))
    _ = try await pipeline.image(for: good)
    XCTAssertNotNil(pipeline.cachedImage(for: good))
    await assertFailure(try await pipeline.image(for: missing), .notFound)

    let statistics = pipeline.statistics()
    XCTAssertEqual(statistics.memoryHits, 1)
    XCTAssertEqual(statistics.memoryMisses, 1)
    XCTAssertEqual(statistics.fileLoads, 2)
    XCTAssertEqual(statistics.decodes, 1)
    XCTAssertEqual(statistics.mainThreadDecodes, 0)
    XCTAssertEqual(statistics.failures, ["not-found": 1])
    XCTAssertEqual(
      statistics.memoryCacheBytes,
      32 * 32 * 4 + MemoryCache.entryOverhead + good.source.description.utf8.count)
    XCTAssertNotNil(statistics.decodeTimeP50)
    XCTAssertEqual(statistics.decodeTimeBuckets.reduce(0) { $0 + $1.count }, 1)
    let report = statistics.description
    print(report)
    for text in [
      "memory cache  1 hits, 1 misses", "loads         2 file, 0 http", "not-found 1", "p50",
    ] {
      XCTAssertTrue(report.contains(text), "missing \(text) in\n\(report)")
    }
    await pipeline.shutdown()
  }

  @MainActor
  func testAfterShutdownRequestsAreCancelledNotStuck() async {
    let pipeline = ImagePipeline(configuration: .testing())
    await pipeline.shutdown()
    await assertFailure(
      try await pipeline.image(for: ImageRequest(source: .file("/x.png"), pixelSize: 8)), .cancelled
    )
  }

  /// An await cancelled while the server holds its answer comes back
  /// cancelled at once. The answer takes a minute and the read may wait as
  /// long, so only the cancellation can end the await before then: the
  /// bound below is crossed only by an await that waited for the server,
  /// on any machine.
  @MainActor
  func testCancellingAnAwaitReturnsPromptly() async {
    let server = try! await TestHTTPServer.start()
    server.image(
      "/slow.png", TestImages.solid(.init(red: 1, green: 1, blue: 1)), latency: .seconds(60))
    var configuration = ImagePipelineConfiguration.testing()
    configuration.readTimeout = .seconds(60)
    let pipeline = ImagePipeline(configuration: configuration)
    let request = ImageRequest(source: .http(server.url("/slow.png")), pixelSize: 8)
    let task = Task { try await pipeline.image(for: request) }
    // The request is at the server (not a span of time: a busy machine may send it late).
    let asked = await waitUntil { server.hits("/slow.png") == 1 }
    XCTAssertTrue(asked, "the request never reached the server")
    task.cancel()
    let start = ContinuousClock.now
    await assertFailure(try await task.value, .cancelled)
    XCTAssertLessThan(ContinuousClock.now - start, .seconds(30), "the await waited for the server")
    XCTAssertEqual(pipeline.statistics().inFlight, 0)
    await pipeline.shutdown()
    try! await server.stop()
  }
}
