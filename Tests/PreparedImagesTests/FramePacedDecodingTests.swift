import Foundation
import TestSupport
import XCTest

@testable import PreparedImages

/// A pipeline told about the app's frames decodes between them, and still decodes when the
/// frames never leave a gap.
final class FramePacedDecodingTests: XCTestCase {
  private let bytes = TestImages.solid(.init(red: 30, green: 60, blue: 90), width: 40, height: 40)
  private let folder = TemporaryDirectory()

  /// A pipeline holding decodes for frames at most `hold` (nil: the default), and a request
  /// for a local file of its own.
  @MainActor
  private func pipeline(hold: Duration?, file: String) -> (ImagePipeline, ImageRequest) {
    var configuration = ImagePipelineConfiguration.testing()
    if let hold { configuration.maxDecodeHoldForFrames = hold }
    let request = ImageRequest(source: .file(folder.write(file, bytes)), pixelSize: 24)
    return (ImagePipeline(configuration: configuration), request)
  }

  /// A row bound (at `.bound` priority) while a frame is drawn, once the decode thread waits
  /// for that frame to end; the frame is still in progress.
  @MainActor
  private func rowBoundDuringAFrame(
    file: String
  ) async -> (pipeline: ImagePipeline, slot: ImageSlot, applied: AppliedImages) {
    let (pipeline, request) = pipeline(hold: .seconds(60), file: file)
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }
    pipeline.frameBegan(refreshInterval: .microseconds(16_667))
    slot.bind(identity: 1, request: request)
    let waiting = await waitUntil(timeout: .seconds(5)) { pipeline.decodesWaitingForFrames == 1 }
    XCTAssertTrue(waiting, "the decode thread waits for the frame")
    return (pipeline, slot, applied)
  }

  @MainActor
  func testADecodeQueuedDuringAFrameWaitsForTheFrameToEnd() async throws {
    let (pipeline, slot, applied) = await rowBoundDuringAFrame(file: "a.png")
    XCTAssertEqual(pipeline.statistics().decodes, 0, "nothing decoded while the frame is drawn")
    XCTAssertTrue(applied.images.isEmpty)

    pipeline.frameEnded()
    let shown = await waitUntil { applied.last != nil }
    XCTAssertTrue(shown, "decoded once the frame ended")
    let statistics = pipeline.statistics()
    XCTAssertEqual(statistics.decodes, 1)
    XCTAssertEqual(statistics.decodesHeldForFrames, 1)
    XCTAssertGreaterThan(statistics.decodeHoldTime, .zero)
    withExtendedLifetime(slot) {}
    await pipeline.shutdown()
  }

  /// A decode for a row on screen is not held: the row shows its placeholder until then. Raised
  /// to visible while its worker waits for the frame, it starts before the frame ends.
  @MainActor
  func testADecodeForARowOnScreenIsNotHeldForFrames() async throws {
    let (pipeline, slot, applied) = await rowBoundDuringAFrame(file: "d.png")
    slot.setPriority(.visible)
    let shown = await waitUntil(timeout: .seconds(5)) { applied.last != nil }
    XCTAssertTrue(shown, "the row on screen waited for the frame to end")
    XCTAssertEqual(pipeline.statistics().decodes, 1)
    pipeline.frameEnded()
    withExtendedLifetime(slot) {}
    await pipeline.shutdown()
  }

  @MainActor
  func testFramesThatNeverEndHoldADecodeOnlyForTheLongestHold() async throws {
    let (pipeline, request) = pipeline(hold: .milliseconds(150), file: "b.png")
    let applied = AppliedImages()
    let slot = ImageSlot(pipeline: pipeline) { applied.record($0, $1) }

    pipeline.frameBegan(refreshInterval: nil)
    let started = ContinuousClock.now
    slot.bind(identity: 1, request: request)
    let shown = await waitUntil(timeout: .seconds(5)) { applied.last != nil }
    XCTAssertTrue(shown)
    XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(150))
    withExtendedLifetime(slot) {}
    let statistics = pipeline.statistics()
    XCTAssertEqual(statistics.decodes, 1)
    XCTAssertEqual(statistics.decodesHeldForFrames, 1)
    XCTAssertGreaterThanOrEqual(statistics.decodeHoldTime, .milliseconds(150))
    pipeline.frameEnded()
    await pipeline.shutdown()
  }

  @MainActor
  func testWithoutFramesNothingIsHeld() async throws {
    let (pipeline, request) = pipeline(hold: nil, file: "c.png")
    _ = try await pipeline.image(for: request)
    XCTAssertEqual(pipeline.statistics().decodesHeldForFrames, 0)
    XCTAssertEqual(pipeline.statistics().decodeHoldTime, .zero)
    await pipeline.shutdown()
  }
}
