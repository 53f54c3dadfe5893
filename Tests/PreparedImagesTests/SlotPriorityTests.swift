import Foundation
import XCTest

@testable import PreparedImages

/// A slot's bind carries the priority its load starts at, so a row already
/// on screen makes one claim on the pipeline (one trip through its lock)
/// instead of a claim at `.bound` and a second trip to raise it.
final class SlotPriorityTests: XCTestCase {
  /// A provided image that never arrives: the claim stays pending.
  private static let never = ProvidedImage(key: "never") { _ in
    try await Task.sleep(for: .seconds(60))
    return []
  }

  @MainActor
  func testABindAtVisibleIsOneClaimAndNoPriorityChange() async {
    let pipeline = ImagePipeline(configuration: .testing())
    let slot = ImageSlot(pipeline: pipeline) { _, _ in }
    slot.bind(
      identity: 1, request: ImageRequest(source: .provided(Self.never), pixelSize: 32),
      priority: .visible)
    XCTAssertEqual(slot.pendingPriority, .visible)
    var statistics = pipeline.statistics()
    XCTAssertEqual(statistics.subscriptions, 1, "one claim")
    XCTAssertEqual(statistics.priorityChanges, 0, "no second trip to raise it")

    // A row that leaves the screen later is still lowered, and that is counted.
    slot.setPriority(.bound)
    XCTAssertEqual(slot.pendingPriority, .bound)
    statistics = pipeline.statistics()
    XCTAssertEqual(statistics.subscriptions, 1)
    XCTAssertEqual(statistics.priorityChanges, 1)

    // A bind without a priority loads at `.bound`.
    slot.bind(identity: 2, request: ImageRequest(source: .provided(Self.never), pixelSize: 48))
    XCTAssertEqual(slot.pendingPriority, .bound)
    XCTAssertEqual(pipeline.statistics().subscriptions, 2)
    slot.unbind()
    await pipeline.shutdown()
  }
}
