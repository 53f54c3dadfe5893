import CGtk
import XCTest

@testable import GtkKit

/// The soak's item count: an item object GTK asks for is counted in its
/// model's census while it lives, and no longer once its last reference is
/// dropped; a model without a census counts nowhere.
final class ItemCensusTests: XCTestCase {
  func testAnItemIsCountedWhileItLivesAndNotAfter() throws {
    try MainActor.assumeIsolated {
      let census = ItemCensus()
      let model = ListModel((0..<10).map { Person(id: "p\($0)") }, census: census)
      let uncounted = ListModel((0..<10).map { Person(id: "q\($0)") })
      XCTAssertEqual(census.alive, 0)
      let first = try XCTUnwrap(g_list_model_get_item(model.listModel, 0))
      let second = try XCTUnwrap(g_list_model_get_item(model.listModel, 1))
      let other = try XCTUnwrap(g_list_model_get_item(uncounted.listModel, 0))
      XCTAssertEqual(census.alive, 2)
      let again = try XCTUnwrap(g_list_model_get_item(model.listModel, 0))
      XCTAssertEqual(census.alive, 2, "the same identity's item is reused")
      for item in [first, second, again, other] { g_object_unref(item) }
      XCTAssertEqual(census.alive, 0)
    }
  }

  func testAWindowedModelsItemsCountInItsCensus() throws {
    try MainActor.assumeIsolated {
      let census = ItemCensus()
      let model = RangedListModel<Int>(count: 5, census: census) { range in
        ElementRange(offset: range.lowerBound, elements: Array(range), count: 5)
      }
      let item = try XCTUnwrap(g_list_model_get_item(model.listModel, 3))
      XCTAssertEqual(census.alive, 1)
      g_object_unref(item)
      XCTAssertEqual(census.alive, 0)
    }
  }
}
