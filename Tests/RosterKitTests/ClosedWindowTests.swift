import CGtk
import GtkKit
import PreparedImages
import XCTest

@testable import RosterKit

/// What a closed window lets go of.
final class ClosedWindowTests: XCTestCase {
  /// A closed window's list lets go of its row factory, its viewport tracker
  /// and its text shaping: the rows ask the tracker which positions show and
  /// the tracker's handler holds the factory, so one of the two is weak (they
  /// kept each other alive before). The avatars' decodes are held, so the
  /// window closes with its rows' reads in flight on any machine, and the
  /// reads do not keep the list alive either.
  func testClosingAWindowFreesItsListsFactoryAndTracker() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      weak var factory: ListFactory<UserRow>?
      weak var tracker: ViewportTracker?
      weak var shaping: TextShapingAhead<UserRow>?
      let pipeline = ImagePipeline.decodingHeld()
      defer { pipeline.holdDecoding(false) }
      do {
        let window = WindowTestSupport.openEmbeddedWindow(pipeline: pipeline)
        XCTAssertGreaterThan(
          pipeline.statistics().inFlight, 0, "no avatar was on its way when the window closed")
        factory = window.factory
        tracker = window.viewport
        shaping = window.list.textShaping
        window.close()
      }
      MainContext.run(until: { factory == nil && tracker == nil }, timeout: .seconds(5))
      XCTAssertNil(factory, "the closed window's row factory is still alive")
      XCTAssertNil(tracker, "the closed window's viewport tracker is still alive")
      XCTAssertNil(shaping)
    }
  }
}
