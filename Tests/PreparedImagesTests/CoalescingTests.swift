import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// Identical requests share work; work nobody wants is cancelled.
final class CoalescingTests: XCTestCase {
  private var server: TestHTTPServer!

  override func setUp() async throws {
    server = try await TestHTTPServer.start()
  }

  override func tearDown() async throws {
    try await server.stop()
  }

  @MainActor
  func testAHundredRowsShowingTheSameAvatarCauseOneDownloadAndOneDecode() async {
    server.image(
      "/team.png", TestImages.solid(.init(red: 5, green: 6, blue: 7)), latency: .milliseconds(200))
    let pipeline = ImagePipeline(configuration: .testing())
    let request = ImageRequest(source: .http(server.url("/team.png")), pixelSize: 64)
    let applied = (0..<100).map { _ in AppliedImages() }
    let slots = applied.map { log in ImageSlot(pipeline: pipeline) { log.record($0, $1) } }
    for (index, slot) in slots.enumerated() { slot.bind(identity: index, request: request) }

    let done = await waitUntil { applied.allSatisfy { $0.last != nil } }
    XCTAssertTrue(done)
    withExtendedLifetime(slots) {}  // a released slot drops its claim
    let statistics = pipeline.statistics()
    XCTAssertEqual(server.hits("/team.png"), 1)
    XCTAssertEqual(statistics.httpLoads, 1)
    XCTAssertEqual(statistics.decodes, 1)
    XCTAssertEqual(statistics.coalescedRequests, 99)
    XCTAssertTrue(applied.allSatisfy { $0.last === applied[0].last }, "one shared texture")
    await pipeline.shutdown()
  }

  @MainActor
  func testAHundredConcurrentAwaitsForOneFileShareOneLoadAndDecode() async throws {
    let folder = TemporaryDirectory()
    let path = folder.write("a.png", TestImages.solid(.init(red: 1, green: 2, blue: 3)))
    var configuration = ImagePipelineConfiguration.testing()
    configuration.simulatedLatency = .milliseconds(100) ... .milliseconds(100)
    let pipeline = ImagePipeline(configuration: configuration)
    let request = ImageRequest(source: .file(path), pixelSize: 40)
    let images = try await withThrowingTaskGroup(of: PreparedImage.self) { group in
      for _ in 0..<100 { group.addTask { try await pipeline.image(for: request) } }
      var images: [PreparedImage] = []
      for try await image in group { images.append(image) }
      return images
    }
    XCTAssertEqual(images.count, 100)
    XCTAssertEqual(Set(images.map(ObjectIdentifier.init)).count, 1)
    let statistics = pipeline.statistics()
    XCTAssertEqual(statistics.fileLoads, 1)
    XCTAssertEqual(statistics.decodes, 1)
    await pipeline.shutdown()
  }

  @MainActor
  func testUnbindingBeforeTheAvatarArrivesCancelsTheDownload() async {
    server.image(
      "/slow.png", TestImages.solid(.init(red: 1, green: 1, blue: 1)), latency: .seconds(5))
    let pipeline = ImagePipeline(configuration: .testing())
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }
    slot.bind(
      identity: 1, request: ImageRequest(source: .http(server.url("/slow.png")), pixelSize: 32))
    let started = await waitUntil { self.server.hits("/slow.png") == 1 }
    XCTAssertTrue(started, "the download started")
    slot.unbind()
    let statistics = pipeline.statistics()
    XCTAssertEqual(statistics.inFlight, 0)
    XCTAssertEqual(statistics.cancellations, 1)
    XCTAssertTrue(applied.images.isEmpty, "only the placeholder, then cleared")
    await pipeline.shutdown()
  }

  @MainActor
  func testARowTornDownMidLoadCancelsItsDownload() async {
    server.image(
      "/slow.png", TestImages.solid(.init(red: 1, green: 1, blue: 1)), latency: .seconds(5))
    let pipeline = ImagePipeline(configuration: .testing())
    var slot: ImageSlot? = ImageSlot(pipeline: pipeline) { _, _ in }
    slot?.bind(
      identity: 1, request: ImageRequest(source: .http(server.url("/slow.png")), pixelSize: 32))
    withExtendedLifetime(slot) { XCTAssertEqual(pipeline.statistics().inFlight, 1) }
    slot = nil
    XCTAssertEqual(pipeline.statistics().inFlight, 0)
    XCTAssertEqual(pipeline.statistics().cancellations, 1)
    await pipeline.shutdown()
  }

  /// Rows re-bound faster than their avatars come leave only their last
  /// bind's work: the decodes are held while the rows fly past (on any
  /// machine, however long the binds take), and once let go exactly one
  /// decode a row runs.
  @MainActor
  func testAFlingLeavesNoBacklog() async {
    let folder = TemporaryDirectory()
    let pipeline = ImagePipeline(configuration: .testing())
    pipeline.holdDecoding(true)
    let slots = (0..<40).map { _ in ImageSlot(pipeline: pipeline) { _, _ in } }
    let avatar = TestImages.solid(.init(red: 1, green: 2, blue: 3), width: 8, height: 8)
    let requests = (0..<1000).map {
      ImageRequest(source: .file(folder.write("\($0).png", avatar)), pixelSize: 32)
    }
    // Rows fly past: each slot is re-bound 25 times in a row, all to different users.
    for round in 0..<25 {
      for (index, slot) in slots.enumerated() {
        let user = round * 40 + index
        slot.bind(identity: user, request: requests[user])
      }
    }
    XCTAssertEqual(
      pipeline.statistics().inFlight, 40, "only the last bind of each row is pending")
    pipeline.holdDecoding(false)
    let idle = await pipeline.waitUntilIdle()
    XCTAssertTrue(idle)
    XCTAssertEqual(pipeline.statistics().decodes, 40, "the flung-past rows were never decoded")
    for slot in slots { slot.unbind() }
    await pipeline.shutdown()
  }

  @MainActor
  func testCancellingAPrefetchThatNobodyElseWantsCancelsItsWork() async {
    server.image("/p.png", TestImages.solid(.init(red: 1, green: 1, blue: 1)), latency: .seconds(5))
    let pipeline = ImagePipeline(configuration: .testing())
    let request = ImageRequest(source: .http(server.url("/p.png")), pixelSize: 32)
    pipeline.prefetch([request])
    XCTAssertEqual(pipeline.statistics().inFlight, 1)
    pipeline.cancelPrefetch([request])
    XCTAssertEqual(pipeline.statistics().inFlight, 0)
    XCTAssertEqual(pipeline.statistics().cancellations, 1)
    await pipeline.shutdown()
  }

  @MainActor
  func testAPrefetchedAvatarIsInMemoryWhenItsRowIsBound() async {
    let folder = TemporaryDirectory()
    let request = ImageRequest(
      source: .file(folder.write("a.png", TestImages.solid(.init(red: 3, green: 3, blue: 3)))),
      pixelSize: 32)
    let pipeline = ImagePipeline(configuration: .testing())
    pipeline.prefetch([request])
    let done = await pipeline.waitUntilIdle()
    XCTAssertTrue(done)
    let applied = AppliedImages()
    ImageSlot(pipeline: pipeline) { applied.record($0, $1) }.bind(identity: 1, request: request)
    XCTAssertEqual(applied.log.count, 1)
    XCTAssertNotNil(applied.last, "applied synchronously, in the same frame")
    XCTAssertEqual(applied.lastArrivedLate, false)
    await pipeline.shutdown()
  }

  @MainActor
  func testVisibleRowsAreDecodedBeforeBoundRowsAndPrefetches() async {
    let folder = TemporaryDirectory()
    let pipeline = ImagePipeline(configuration: .testing())
    var order: [Int] = []
    // Local files go straight to the decode queue: hold the decode thread back while they
    // all queue up, so the order it drains them in is the queue's, not the arrival's.
    pipeline.holdDecoding(true)
    let requests = (0..<9).map { index in
      ImageRequest(
        source: .file(
          folder.write("\(index).png", TestImages.solid(.init(red: 1, green: 1, blue: 1)))),
        pixelSize: 16)
    }
    pipeline.prefetch(Array(requests[0..<3]))
    var slots: [ImageSlot] = []
    for index in 3..<9 {
      let slot = ImageSlot(pipeline: pipeline) { image, _ in
        if image != nil { order.append(index) }
      }
      slot.bind(identity: index, request: requests[index])
      if index >= 6 { slot.setPriority(.visible) }
      slots.append(slot)
    }
    pipeline.holdDecoding(false)
    let idle = await pipeline.waitUntilIdle()
    XCTAssertTrue(idle)
    let delivered = await waitUntil { order.count == 6 }
    XCTAssertTrue(delivered)
    withExtendedLifetime(slots) {}
    XCTAssertEqual(Array(order.prefix(3)).sorted(), [6, 7, 8], "visible first: \(order)")
    XCTAssertEqual(Array(order.suffix(3)).sorted(), [3, 4, 5])
    await pipeline.shutdown()
  }
}
