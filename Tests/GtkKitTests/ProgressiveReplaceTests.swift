import CGtk
import GtkKit
import XCTest

/// A big replacement (a search result over a million people) must not hold
/// up a frame: it reaches GTK a chunk per idle step, each announcement
/// describing a list GTK can read back.
final class ProgressiveReplaceTests: XCTestCase {
  func testABigReplacementArrivesInChunksBetweenFramesAndEndsWithTheNewList() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let old = (0..<1000).map { Person(id: "old\($0)") }
      let new = (0..<650).map { Person(id: "new\($0)") }
      let model = ListModel(old)
      let factory = ListFactory(
        makeRow: { PersonRow() }, model: { $0 < model.count ? model[$0] : nil })
      let window = Self.present(model: model, factory: factory)
      defer {
        gtk_window_destroy(cgtk_window(window))
        MainContext.run(for: .milliseconds(100))
      }
      XCTAssertTrue(MainContext.run(until: { factory.statistics.binds > 0 }))

      var changes: [(position: Int, removed: Int, added: Int, count: Int)] = []
      var readable = true
      let connection = Signals.connectItemsChanged(model.object.pointer) {
        position, removed, added in
        let count = Int(g_list_model_get_n_items(model.listModel))
        changes.append((Int(position), Int(removed), Int(added), count))
        for index in 0..<count {
          guard let item = g_list_model_get_item(model.listModel, guint(index)) else {
            readable = false
            continue
          }
          g_object_unref(item)
        }
      }
      defer { connection.disconnect() }

      // A generous budget: every step is under it, so the chunk doubles.
      model.replaceProgressively(with: new, firstChunk: 100, budget: .seconds(60))
      XCTAssertEqual(changes.count, 1, "only the first chunk is announced at once")
      XCTAssertTrue(model.isReplacing)
      XCTAssertEqual(model.count, 1000, "GTK sees 100 new people, then 900 old ones")
      XCTAssertEqual(model[99].id, "new99")
      XCTAssertEqual(model[100].id, "old100")

      XCTAssertTrue(MainContext.run(until: { !model.isReplacing }))
      MainContext.run(for: .milliseconds(100))
      XCTAssertTrue(readable, "GTK read an item that did not exist mid-replacement")
      // Chunks of 100, 200, 400, front to back: each step starts where the
      // last one's insertion ended; then the rest of the old list goes.
      XCTAssertEqual(changes.map(\.position), [0, 100, 300, 650])
      XCTAssertEqual(changes.map(\.removed), [100, 200, 400, 300])
      XCTAssertEqual(changes.map(\.added), [100, 200, 350, 0])

      XCTAssertEqual(changes.last?.count, 650)
      XCTAssertEqual(model.count, 650)
      XCTAssertEqual(model.elements, new)
      factory.forEachBoundRow { row, position in
        XCTAssertEqual(row.shown, new[position], "row \(position) shows someone from the old list")
      }

      // Growing: once the old list is used up, the rest is appended.
      changes = []
      let longer = (0..<2000).map { Person(id: "longer\($0)") }
      model.replaceProgressively(with: longer, firstChunk: 100, budget: .seconds(60))
      XCTAssertTrue(MainContext.run(until: { !model.isReplacing }))
      XCTAssertEqual(changes.map(\.position), [0, 100, 300, 700, 1500])
      XCTAssertEqual(changes.map(\.removed), [100, 200, 350, 0, 0])
      XCTAssertEqual(changes.map(\.added), [100, 200, 400, 800, 500])
      XCTAssertEqual(model.elements, longer)

      // Shrinking a lot: the old list's tail is removed from the end
      // backwards, away from the rows on screen, in growing chunks.
      changes = []
      let few = (0..<10).map { Person(id: "few\($0)") }
      model.replaceProgressively(with: few, firstChunk: 10, budget: .seconds(60))
      XCTAssertTrue(MainContext.run(until: { !model.isReplacing }))
      XCTAssertEqual(changes.first?.position, 0)
      XCTAssertEqual(changes.map(\.removed), [10, 20, 40, 80, 160, 320, 640, 730])
      XCTAssertEqual(changes.map(\.added), [10, 0, 0, 0, 0, 0, 0, 0])
      for change in changes.dropFirst() {
        XCTAssertEqual(change.position, change.count, "a removal not at the end")
      }
      XCTAssertEqual(model.elements, few)
      factory.forEachBoundRow { row, position in
        XCTAssertEqual(row.shown, few[position])
      }
    }
  }

  func testAnyOtherChangeFinishesAReplacementInProgressFirst() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<500).map { Person(id: "old\($0)") })
      let new = (0..<800).map { Person(id: "new\($0)") }
      model.replaceProgressively(with: new, firstChunk: 50)
      XCTAssertTrue(model.isReplacing)

      model.splice(at: 0, removing: 1, inserting: [Person(id: "first")])
      XCTAssertFalse(model.isReplacing)
      XCTAssertEqual(model.count, 800)
      XCTAssertEqual(model.elements.first?.id, "first")
      XCTAssertEqual(Array(model.elements.dropFirst()), Array(new.dropFirst()))
      XCTAssertEqual(Int(g_list_model_get_n_items(model.listModel)), 800)
      // Nothing is left to arrive later.
      MainContext.run(for: .milliseconds(50))
      XCTAssertEqual(model.count, 800)
    }
  }

  func testChunksShrinkWhenAnnouncementsCostMoreThanTheBudget() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<300).map { Person(id: "old\($0)") })
      var sizes: [Int] = []
      let connection = Signals.connectItemsChanged(model.object.pointer) { _, removed, _ in
        sizes.append(Int(removed))
        // Every announcement is "slow": over the 1 ms budget.
        Thread.sleep(forTimeInterval: 0.002)
      }
      defer { connection.disconnect() }
      model.replaceProgressively(
        with: (0..<300).map { Person(id: "new\($0)") }, firstChunk: 64, budget: .milliseconds(1))
      XCTAssertTrue(MainContext.run(until: { !model.isReplacing }))
      XCTAssertEqual(sizes, [64, 32, 16, 8, 4, 2, 1] + Array(repeating: 1, count: 173))
      XCTAssertEqual(model.count, 300)
    }
  }

  @MainActor
  private static func present(
    model: ListModel<Person>, factory: ListFactory<PersonRow>
  ) -> UnsafeMutablePointer<GtkWidget> {
    let list = gtk_list_view_new(
      gtk_no_selection_new(OpaquePointer(g_object_ref(model.object.pointer))),
      OpaquePointer(g_object_ref(factory.object.pointer)))!
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
    let window = gtk_window_new()!
    gtk_window_set_default_size(cgtk_window(window), 300, 400)
    gtk_window_set_child(cgtk_window(window), scroller)
    gtk_window_present(cgtk_window(window))
    return window
  }
}
