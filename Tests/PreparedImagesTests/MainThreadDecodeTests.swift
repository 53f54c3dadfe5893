import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// The main-thread decode counter is kept by the decode function itself, so the tests that
/// read 0 from it could read more: here decodes run on the main thread on purpose.
final class MainThreadDecodeTests: XCTestCase {
  private let bytes = TestImages.solid(.init(red: 9, green: 90, blue: 200), width: 40, height: 40)

  func testADecodeOnTheMainThreadIsCountedAsOne() throws {
    let decoder = ImageDecoder(maxPixelSide: 100, maxMegapixels: 1)
    let bytes = bytes
    _ = try onBackgroundThread { decoder.decode(bytes, pixelSize: 16) }.get()
    XCTAssertEqual(decoder.counts.decodes, 1)
    XCTAssertEqual(decoder.counts.mainThreadDecodes, 0, "a worker's decode is not the main's")

    XCTAssertTrue(Thread.isMainThread)
    _ = try decoder.decode(bytes, pixelSize: 16).get()
    XCTAssertEqual(decoder.counts.decodes, 2)
    XCTAssertEqual(decoder.counts.mainThreadDecodes, 1)
    // A refused image is a decode call all the same.
    _ = decoder.decode([1, 2, 3], pixelSize: 16)
    XCTAssertEqual(decoder.counts.mainThreadDecodes, 2)
  }

  @MainActor
  func testThePipelinesCounterIsTheDecodersAndStartsAgainOnReset() async throws {
    let folder = TemporaryDirectory()
    let request = ImageRequest(source: .file(folder.write("a.png", bytes)), pixelSize: 24)
    let pipeline = ImagePipeline(configuration: .testing())
    _ = try await pipeline.image(for: request)
    XCTAssertEqual(pipeline.statistics().decodes, 1)
    XCTAssertEqual(pipeline.statistics().mainThreadDecodes, 0)

    // The workers' decoder, called where no worker would call it.
    _ = try pipeline.decoder.decode(bytes, pixelSize: 24).get()
    XCTAssertEqual(pipeline.statistics().decodes, 2)
    XCTAssertEqual(pipeline.statistics().mainThreadDecodes, 1)

    pipeline.resetStatistics()
    let reset = pipeline.statistics()
    XCTAssertEqual(reset.decodes, 0)
    XCTAssertEqual(reset.mainThreadDecodes, 0)
    XCTAssertEqual(reset.fileLoads, 0)
    XCTAssertNotNil(pipeline.cachedImage(for: request), "a reset keeps the cache")
    XCTAssertEqual(pipeline.statistics().memoryHits, 1)
    await pipeline.shutdown()
  }
}
