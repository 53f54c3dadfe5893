import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// The window's search lists the people it finds exactly first, then those
/// it finds with a typo, each part in the page's order.
final class SearchRankingWindowTests: XCTestCase {
  func testATyposMatchesComeAfterTheExactOnesInThePagesOrder() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      // In the file's order: a near one first, so the ranking has to move it.
      try directory.writeUsers(["akowalski", "zkowalsky", "bkowalsky", "ykowalski", "nobody"])
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { withExtendedLifetime(directory) { window.close() } }
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")
      @MainActor func shown() -> [String] { window.model.elements.map(\.username) }

      window.setSearchText("Kowalsky")
      // The two parts are ordered off the main thread before they show.
      XCTAssertTrue(
        MainContext.run(until: {
          window.searchMatches == 4 && shown().count == 4 && !window.local.isSorting
            && !window.model.isReloading
        }))
      XCTAssertEqual(shown(), ["zkowalsky", "bkowalsky", "akowalski", "ykowalski"])

      window.local.order.sort(by: PersonSort([.init(.username)]))
      XCTAssertTrue(
        MainContext.run(
          until: {
            !window.local.isSorting && shown().first == "bkowalsky"
          }, timeout: .seconds(10)))
      XCTAssertEqual(shown(), ["bkowalsky", "zkowalsky", "akowalski", "ykowalski"])

      window.local.order.sort(by: PersonSort([.init(.username, descending: true)]))
      XCTAssertTrue(
        MainContext.run(
          until: {
            !window.local.isSorting && shown().first == "zkowalsky"
          }, timeout: .seconds(10)))
      XCTAssertEqual(shown(), ["zkowalsky", "bkowalsky", "ykowalski", "akowalski"])

      // Four letters: no typo forgiven.
      window.setSearchText("kowa")
      XCTAssertTrue(MainContext.run(until: { window.searchMatches == 4 }))
      window.setSearchText("kova")
      XCTAssertTrue(MainContext.run(until: { window.searchMatches == 0 }))
    }
  }
}
