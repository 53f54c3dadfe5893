import Directory
import XCTest

@testable import RosterKit

/// A page's order as a plain state machine: a click on a title orders by
/// it, a second reverses it, another title starts over ascending, a
/// refused field leaves the order alone, and observers hear of every
/// order set (the same one too) with the order before it.
final class PeopleOrderTests: XCTestCase {
  func testAClickOrdersByTheColumnAndASecondReversesIt() {
    MainActor.assumeIsolated {
      let order = PeopleOrder()
      XCTAssertNil(order.sort)
      order.sortByColumn(.title)
      XCTAssertEqual(order.sort, PersonSort([.init(.title)]))
      order.sortByColumn(.title)
      XCTAssertEqual(order.key, .init(.title, descending: true))
      // A third click goes back to ascending; another title starts ascending.
      order.sortByColumn(.title)
      XCTAssertEqual(order.key, .init(.title))
      order.sortByColumn(.title)
      order.sortByColumn(.department)
      XCTAssertEqual(order.sort, PersonSort([.init(.department)]))
    }
  }

  func testARefusedColumnKeepsTheOrderAndObserversHearEveryChange() {
    MainActor.assumeIsolated {
      let order = PeopleOrder()
      var heard: [String] = []
      order.observe { change in
        switch change {
        case .sort(let previous):
          heard.append("\(previous?.description ?? "-") → \(order.sort?.description ?? "-")")
        case .refusals: heard.append("refusals")
        }
      }
      order.sortByColumn(.title)
      order.refuse([.phone: "no ordering rule"])
      order.sortByColumn(.phone)
      XCTAssertEqual(order.key, .init(.title), "a refused title sorted")
      // Asked for in so many words, a refused order is still set: the
      // page tells the server's refusal.
      order.sort(by: PersonSort([.init(.phone)]))
      order.sort(by: PersonSort([.init(.phone)]))
      order.sort(by: nil)
      XCTAssertEqual(
        heard, ["- → title", "refusals", "title → phone", "phone → phone", "phone → -"])
    }
  }
}
