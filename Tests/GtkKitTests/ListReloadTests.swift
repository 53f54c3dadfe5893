import CGtk
import XCTest

@testable import GtkKit

/// A whole-list swap (a search result over a million people) must not hold
/// up a frame: GTK rebuilds no row, the rows are re-bound in place, and only
/// the change of length is announced, a chunk at a time, at the end.
final class ListReloadTests: XCTestCase {

  func testAReloadRebindsRowsInPlaceAndAnnouncesOnlyTheShorterLengthFromTheEnd() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let old = (0..<1000).map { Person(id: "old\($0)") }
      let new = (0..<650).map { Person(id: "new\($0)") }
      let (model, factory, window) = try Self.showList(old)
      defer { Self.close(window) }
      let recorder = Recorder(model)
      defer { recorder.connection.disconnect() }
      let rowsBuilt = factory.statistics.setups
      let heldItem = try XCTUnwrap(g_list_model_get_item(model.listModel, 0))
      defer { g_object_unref(heldItem) }

      let kept = model.reload(with: new)
      XCTAssertEqual(kept, 0..<650)
      let rebound = factory.rebind { kept.contains($0) }
      XCTAssertGreaterThan(rebound, 0)
      XCTAssertTrue(MainContext.run(until: { !model.isReloading }))
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(window))

      XCTAssertTrue(recorder.readable, "GTK read an item that did not exist mid-reload")
      XCTAssertEqual(factory.statistics.setups, rowsBuilt, "GTK rebuilt rows")
      XCTAssertEqual(recorder.changes.reduce(0) { $0 + $1.removed }, 350)
      for change in recorder.changes {
        XCTAssertEqual(change.added, 0)
        XCTAssertEqual(change.position, change.count, "a removal not at the end")
      }
      XCTAssertEqual(model.elements, new)
      Self.assertRowsShow(new, factory)
      // The item GTK held for position 0 no longer stands for anyone; a new
      // one is made for the person now there.
      XCTAssertNil(ListModel<Person>.identity(ofItem: heldItem.assumingMemoryBound(to: UInt8.self)))
      let fresh = try XCTUnwrap(g_list_model_get_item(model.listModel, 0))
      defer { g_object_unref(fresh) }
      XCTAssertNotEqual(fresh, heldItem)
      XCTAssertEqual(ListModel<Person>.identity(ofItem: fresh), "new0")
    }
  }

  func testAReloadToALongerListAppendsTheRestAfterTheRows() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let new = (0..<5000).map { Person(id: "new\($0)") }
      let (model, factory, window) = try Self.showList((0..<5).map { Person(id: "old\($0)") })
      defer { Self.close(window) }
      let recorder = Recorder(model)
      defer { recorder.connection.disconnect() }

      // Paced by the window's frames.
      let kept = model.reload(with: new, pacedBy: window)
      factory.rebind { kept.contains($0) }
      XCTAssertTrue(model.isReloading)
      XCTAssertTrue(MainContext.run(until: { !model.isReloading }))
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(window))

      XCTAssertTrue(recorder.readable)
      XCTAssertEqual(recorder.changes.first?.position, 5)
      XCTAssertEqual(recorder.changes.first?.added, 8, "near the rows, chunks start small")
      XCTAssertEqual(recorder.changes.reduce(0) { $0 + $1.added }, 4995)
      XCTAssertTrue(recorder.changes.allSatisfy { $0.removed == 0 })
      XCTAssertEqual(model.elements, new)
      Self.assertRowsShow(new, factory)
    }
  }

  func testShrinkingBelowTheRowsRemovesTheFarTailFirstThenAFewRowsAtATime() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let few = (0..<3).map { Person(id: "few\($0)") }
      let (model, factory, window) = try Self.showList((0..<100_000).map { Person(id: "old\($0)") })
      defer { Self.close(window) }
      let recorder = Recorder(model)
      defer { recorder.connection.disconnect() }

      let kept = model.reload(with: few)
      factory.rebind { kept.contains($0) }
      XCTAssertTrue(MainContext.run(until: { !model.isReloading }))
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(window))

      XCTAssertTrue(recorder.readable)
      let reach = ListModel<Person>.rowReach
      let far = recorder.changes.filter { $0.position >= 3 + reach }
      let near = recorder.changes.filter { $0.position < 3 + reach }
      XCTAssertEqual(far.reduce(0) { $0 + $1.removed }, 100_000 - 3 - reach)
      XCTAssertEqual(near.first?.removed, 8, "near the rows, chunks start small")
      XCTAssertEqual(near.reduce(0) { $0 + $1.removed }, reach)
      XCTAssertEqual(model.count, 3)
      Self.assertRowsShow(few, factory)
      XCTAssertEqual(factory.statistics.bound, 3)
    }
  }

  func testRowsOffScreenAreReboundAFewPerFrameAndRowsOnScreenAtOnce() throws {
    try MainActor.assumeIsolated {
      let (model, factory, window, new) = try Self.showThousandToBeReplaced()
      defer { Self.close(window) }
      let bound = factory.statistics.bound
      XCTAssertGreaterThan(bound, 40)
      // Rows from 10 on are called off screen here though a few are on it: this pins the
      // pacing alone (bringing such rows forward is tested below).
      factory.rebindsDeferredRowsComingOnScreen = false

      let kept = model.reload(with: new)
      let now = factory.rebind(
        where: { kept.contains($0) }, deferring: { $0 >= 10 },
        pacedBy: window, perFrame: 8)
      XCTAssertEqual(now, 10)
      XCTAssertEqual(factory.deferredRebindCount, bound - 10)
      factory.forEachBoundRow { row, position in
        if position < 10 { XCTAssertEqual(row.shown, new[position]) }
      }
      // The next frame takes the eight nearest the top.
      XCTAssertTrue(MainContext.run(until: { factory.deferredRebindCount < bound - 10 }))
      XCTAssertEqual(factory.deferredRebindCount, bound - 18)
      factory.forEachBoundRow { row, position in
        if position < 18 { XCTAssertEqual(row.shown, new[position]) }
      }
      XCTAssertTrue(MainContext.run(until: { factory.deferredRebindCount == 0 }))
      Self.assertRowsShow(new, factory)
    }
  }

  func testADeferredRowOnScreenIsReboundBeforeTheFrameThatShowsItIsPainted() throws {
    try MainActor.assumeIsolated {
      let (model, factory, window, new) = try Self.showThousandToBeReplaced()
      defer { Self.close(window) }
      let bound = factory.statistics.bound

      let kept = model.reload(with: new)
      // Every row deferred, as if none were on screen, one a frame.
      factory.rebind(
        where: { kept.contains($0) }, deferring: { _ in true },
        pacedBy: window, perFrame: 1)
      XCTAssertEqual(factory.deferredRebindCount, bound)
      XCTAssertTrue(MainContext.run(until: { factory.deferredRebindCount < bound }))
      // The first frame's tick took one row; its layout brought the rest on screen forward.
      let broughtForward = factory.deferredRebindsBroughtForward
      XCTAssertGreaterThan(broughtForward, 5)
      XCTAssertEqual(factory.deferredRebindCount, bound - 1 - broughtForward)
      var onScreen = 0
      factory.forEachBoundRow { row, position in
        let widget = row.widget
        let list = gtk_widget_get_ancestor(widget, gtk_list_view_get_type())!
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, list, &bounds) != 0,
          bounds.origin.y + bounds.size.height > 0,
          bounds.origin.y < Float(gtk_widget_get_height(list))
        else { return }
        onScreen += 1
        XCTAssertEqual(row.shown, new[position], "row \(position) on screen shows someone else")
      }
      XCTAssertEqual(onScreen, broughtForward + 1)
    }
  }

  func testReplacedElementsAreHandedOverOnceGTKNoLongerSeesThem() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<5000).map { Person(id: "old\($0)") })
      var retired: [[Person]] = []
      model.freeReplacedElements = { retired.append($0) }
      model.reload(with: [Person(id: "one")])
      XCTAssertTrue(retired.isEmpty, "GTK still sees part of the old list")
      XCTAssertTrue(MainContext.run(until: { !model.isReloading }))
      XCTAssertEqual(retired.count, 1)
      XCTAssertEqual(retired.first?.count, 5000)
      XCTAssertEqual(retired.first?.last?.id, "old4999")
    }
  }

  func testAnyOtherChangeFinishesAReloadInProgressFirst() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let model = ListModel((0..<500).map { Person(id: "old\($0)") })
      let new = (0..<800).map { Person(id: "new\($0)") }
      model.reload(with: new)
      XCTAssertTrue(model.isReloading)

      model.splice(at: 0, removing: 1, inserting: [Person(id: "first")])
      XCTAssertFalse(model.isReloading)
      XCTAssertEqual(model.count, 800)
      XCTAssertEqual(model.elements.first?.id, "first")
      XCTAssertEqual(Array(model.elements.dropFirst()), Array(new.dropFirst()))
      XCTAssertEqual(Int(g_list_model_get_n_items(model.listModel)), 800)
      // Nothing is left to arrive later.
      MainContext.run(for: .milliseconds(50))
      XCTAssertEqual(model.count, 800)
    }
  }

  func testChunksGrowWhileCheapAndShrinkWhenOverBudget() {
    var progressive = AdaptiveChunkSize(chunk: 8, budget: .milliseconds(4), maxChunk: 64)
    var sizes: [Int] = []
    for took in [1, 1, 1, 1, 3, 9, 9, 9] {
      sizes.append(progressive.chunk)
      progressive.adapt(took: .milliseconds(took))
    }
    XCTAssertEqual(sizes, [8, 16, 32, 64, 64, 64, 32, 16])
    XCTAssertEqual(progressive.chunk, 8)
    progressive.restart(at: 2)
    XCTAssertEqual(progressive.chunk, 2)
  }

  // MARK: Helpers

  /// A window listing old0...old999, and the new0...new999 that will replace them.
  @MainActor
  private static func showThousandToBeReplaced() throws -> (
    ListModel<Person>, ListFactory<PersonRow>, UnsafeMutablePointer<GtkWidget>, [Person]
  ) {
    try GtkTestEnvironment.setUp()
    let (model, factory, window) = try showList((0..<1000).map { Person(id: "old\($0)") })
    return (model, factory, window, (0..<1000).map { Person(id: "new\($0)") })
  }

  @MainActor
  private static func showList(_ elements: [Person]) throws -> (
    ListModel<Person>, ListFactory<PersonRow>, UnsafeMutablePointer<GtkWidget>
  ) {
    let model = ListModel(elements)
    let factory = ListFactory(
      makeRow: { PersonRow() }, model: { $0 < model.count ? model[$0] : nil })
    let window = GtkTestEnvironment.presentList(model, factory).window
    XCTAssertTrue(MainContext.run(until: { factory.statistics.binds > 0 }))
    XCTAssertTrue(GtkTestEnvironment.waitForFrame(window))
    return (model, factory, window)
  }

  @MainActor
  private static func close(_ window: UnsafeMutablePointer<GtkWidget>) {
    GtkTestEnvironment.close(window)
  }

  @MainActor
  private static func assertRowsShow(
    _ elements: [Person], _ factory: ListFactory<PersonRow>, line: UInt = #line
  ) {
    factory.forEachBoundRow { row, position in
      XCTAssertEqual(
        row.shown, elements[position], "row \(position) shows someone else", line: line)
    }
  }
}

/// Records each announcement with the count GTK then reads, and checks that
/// GTK can read the items of the list it was told about.
@MainActor
private final class Recorder {
  typealias Change = (position: Int, removed: Int, added: Int, count: Int)
  private(set) var changes: [Change] = []
  private(set) var readable = true
  private(set) var connection: SignalConnection!

  init(_ model: ListModel<Person>) {
    connection = Signals.connect(model.object.pointer, .itemsChanged) {
      [unowned self] position, removed, added in
      let count = Int(g_list_model_get_n_items(model.listModel))
      changes.append((Int(position), Int(removed), Int(added), count))
      // The ends and both sides of the change: reading every item would
      // make each announcement slow, and chunks shrink when that happens.
      let probes = [0, Int(position) - 1, Int(position), Int(position + added) - 1, count - 1]
      for index in probes where index >= 0 && index < count {
        guard let item = g_list_model_get_item(model.listModel, guint(index)) else {
          readable = false
          continue
        }
        g_object_unref(item)
      }
    }
  }
}
