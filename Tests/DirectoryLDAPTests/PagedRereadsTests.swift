import XCTest

@testable import DirectoryLDAP

/// How often a copy kept by paged reads reads everyone again: its interval,
/// or less often for a directory whose read takes long.
final class PagedRereadsTests: XCTestCase {
  func testAQuickReadWaitsTheIntervalAndALongOneNineTimesItsLength() {
    let minute = Duration.seconds(60)
    XCTAssertEqual(PagedRereads.pause(after: .milliseconds(300), interval: minute), minute)
    XCTAssertEqual(PagedRereads.pause(after: .seconds(6), interval: minute), minute)
    XCTAssertEqual(PagedRereads.pause(after: .seconds(20), interval: minute), .seconds(180))
  }
}
