import XCTest

@testable import RosterKit

/// Which way a scroll went, from its successive positions.
final class ScrollDirectionTests: XCTestCase {
  func testDirectionFollowsTheLastMoveAndKeepsItWhenThePositionHolds() {
    var direction = ScrollDirection()
    XCTAssertEqual(direction.moved(to: 100), 0, "a first position is no move")
    XCTAssertEqual(direction.moved(to: 160), 1)
    XCTAssertEqual(direction.moved(to: 160), 1, "a position that held lost the direction")
    XCTAssertEqual(direction.moved(to: 40), -1)
    XCTAssertEqual(direction.current, -1)
    XCTAssertEqual(direction.moved(to: 41), 1)
  }
}
