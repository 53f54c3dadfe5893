import CGtk
import XCTest

@testable import GtkKit

/// The soak's item count: an item object GTK asks for is counted while it
/// lives, and no longer once its last reference is dropped.
final class ItemObjectCensusTests: XCTestCase {
  func testAnItemIsCountedWhileItLivesAndNotAfter() throws {
    try MainActor.assumeIsolated {
      let model = ListModel((0..<10).map { Person(id: "p\($0)") })
      let before = ItemObjectCensus.alive
      let first = try XCTUnwrap(g_list_model_get_item(model.listModel, 0))
      let second = try XCTUnwrap(g_list_model_get_item(model.listModel, 1))
      XCTAssertEqual(ItemObjectCensus.alive, before + 2)
      let again = try XCTUnwrap(g_list_model_get_item(model.listModel, 0))
      XCTAssertEqual(ItemObjectCensus.alive, before + 2, "the same identity's item is reused")
      for item in [first, second, again] { g_object_unref(item) }
      XCTAssertEqual(ItemObjectCensus.alive, before)
    }
  }
}
