import CGtk
import XCTest

@testable import GtkKit

/// A selection of many held as ranges, driven through GtkListView's own
/// actions (what clicks, Ctrl+click, Shift+click and Ctrl+A call).
final class RangeSelectionTests: XCTestCase {

  func testClickCtrlClickAndShiftClickSelectAsGTKSays() throws {
    try MainActor.assumeIsolated {
      let shown = try Shown(count: 1000)
      defer { shown.close() }
      shown.click(3)
      XCTAssertEqual(shown.selection.ranges.ranges, [3..<4])
      XCTAssertEqual(shown.selection.focus, 3)
      shown.click(5, modify: true)
      XCTAssertEqual(shown.selection.ranges.ranges, [3..<4, 5..<6])
      shown.click(9, modify: true, extend: true)
      XCTAssertEqual(shown.selection.ranges.ranges, [3..<4, 5..<10], "Shift+Ctrl adds 5...9")
      shown.click(5, modify: true)
      XCTAssertEqual(shown.selection.ranges.ranges, [3..<4, 6..<10], "Ctrl+click unselects")
      shown.click(2)
      shown.click(6, extend: true)
      XCTAssertEqual(shown.selection.ranges.ranges, [2..<7], "Shift+click replaces")
      XCTAssertEqual(shown.selectedRows(), Set(2..<7), "the rows show their state")
    }
  }

  /// GtkMultiSelection asks for every selected item; this selection asks for
  /// none. The same count of item objects is taken from GTK's own selection
  /// to show the count would catch it.
  func testSelectAllOverAMillionMakesNoItemObjects() throws {
    try MainActor.assumeIsolated {
      let shown = try Shown(count: 1_000_000)
      defer { shown.close() }
      let before = shown.model.itemObjectsCreated
      gtk_widget_activate_action_variant(shown.list, "list.select-all", nil)
      XCTAssertEqual(shown.selection.count, 1_000_000)
      XCTAssertTrue(shown.selection.selectsAll)
      // The rows' state as GTK lays them out next: asking for items would happen there.
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(shown.list))
      XCTAssertLessThan(shown.model.itemObjectsCreated - before, 400, "items were asked for")
      XCTAssertEqual(
        shown.selectedRows().count, shown.boundRows(), "every bound row shows selected")

      // GTK's own selection over another model, with no view: every item is asked for.
      let other = ListModel((0..<100_000).map { Person(id: "q\($0)") })
      let multi = gtk_multi_selection_new(other.object.transferredReference())!
      _ = ObjectSlot.withAdopted(multi) { multi in gtk_selection_model_select_all(multi) }
      XCTAssertEqual(other.itemObjectsCreated, 100_000, "the count does not see item objects")
    }
  }

  func testTheSelectionFollowsTheModelAndEverythingStaysEverything() throws {
    try MainActor.assumeIsolated {
      let shown = try Shown(count: 100)
      defer { shown.close() }
      var changes = 0
      shown.selection.onChange = { changes += 1 }
      shown.click(10)
      shown.click(20, modify: true)
      shown.model.splice(at: 0, removing: 5, inserting: [])
      XCTAssertEqual(shown.selection.ranges.ranges, [5..<6, 15..<16])
      XCTAssertEqual(shown.selection.focus, 15)
      shown.model.splice(at: 15, removing: 1, inserting: [Person(id: "new")])
      XCTAssertEqual(shown.selection.ranges.ranges, [5..<6], "a replaced person is not selected")
      XCTAssertGreaterThanOrEqual(changes, 4)

      shown.selection.selectAll()
      shown.model.splice(at: 0, removing: 0, inserting: [Person(id: "a"), Person(id: "b")])
      XCTAssertEqual(shown.selection.count, shown.model.count)
      XCTAssertTrue(shown.selection.selectsAll)
      shown.click(0, modify: true)
      XCTAssertFalse(shown.selection.selectsAll, "unselecting one ends everything")
      XCTAssertEqual(shown.selection.count, shown.model.count - 1)
    }
  }

  func testReplacingAnnouncesTheChangeToTheRows() throws {
    try MainActor.assumeIsolated {
      let shown = try Shown(count: 100)
      defer { shown.close() }
      shown.selection.replace(with: SelectionRanges([1..<3, 6..<7]), focus: 6)
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(shown.list))
      XCTAssertEqual(shown.selectedRows(), [1, 2, 6])
      XCTAssertEqual(shown.selection.focus, 6)
      shown.selection.select(nil)
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(shown.list))
      XCTAssertEqual(shown.selectedRows(), [])
    }
  }
}

/// A list view of `count` people over a ``RangeSelection``, in a window.
@MainActor
private final class Shown {
  let model: ListModel<Person>
  let factory: ListFactory<PersonRow>
  let selection: RangeSelection
  let list: Widget
  private let window: Widget

  init(count: Int) throws {
    try GtkTestEnvironment.setUp()
    let model = ListModel((0..<count).map { Person(id: "p\($0)") })
    self.model = model
    factory = ListFactory(makeRow: { PersonRow() }, model: { $0 < model.count ? model[$0] : nil })
    selection = RangeSelection(model: model.object)
    list = gtk_list_view_new(
      selection.object.transferredReference(), factory.object.transferredReference())!
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
    window = gtk_window_new()!
    gtk_window_set_decorated(cgtk_window(window), 0)
    gtk_window_set_default_size(cgtk_window(window), 300, 400)
    gtk_window_set_child(cgtk_window(window), scroller)
    gtk_window_present(cgtk_window(window))
    XCTAssertTrue(MainContext.run(until: { [factory] in factory.statistics.binds > 0 }))
  }

  /// What a click (Ctrl: `modify`, Shift: `extend`) on row `position` does.
  func click(_ position: Int, modify: Bool = false, extend: Bool = false) {
    gtk_widget_activate_action_variant(
      list, "list.select-item",
      g_variant_new_tuple(
        [
          g_variant_new_uint32(guint32(position)), g_variant_new_boolean(modify ? 1 : 0),
          g_variant_new_boolean(extend ? 1 : 0),
        ], 3))
  }

  /// The positions of the bound rows GTK draws as selected.
  func selectedRows() -> Set<Int> {
    var selected = Set<Int>()
    factory.forEachBoundRow { row, position in
      let item = gtk_widget_get_parent(row.widget)!
      if gtk_widget_get_state_flags(item).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0 {
        selected.insert(position)
      }
    }
    return selected
  }

  func boundRows() -> Int {
    var count = 0
    factory.forEachBoundRow { _, _ in count += 1 }
    return count
  }

  func close() { GtkTestEnvironment.close(window) }
}
