import CGtk
import GtkKit
import SharedSupport
import XCTest

/// An element with an identity and a changeable value.
struct Person: Identifiable, Equatable {
  let id: String
  var role = "User"
}

final class ListDiffTests: XCTestCase {
  private func people(_ ids: String...) -> [Person] { ids.map { Person(id: $0) } }

  /// Applies `diff`'s splices to `old` the way a list would.
  private func applied(_ diff: ListDiff, to old: [Person], new: [Person]) -> [Person] {
    var list = old
    for splice in diff.splices {
      list.replaceSubrange(
        splice.position..<(splice.position + splice.removed), with: new[splice.inserted])
    }
    // What a row reconfigure does: the kept element takes its new value.
    for position in diff.reconfigured { list[position] = new[position] }
    return list
  }

  func testNothingChangedGivesAnEmptyDiff() {
    let list = people("a", "b", "c")
    XCTAssertTrue(ListDiff.between(list, list).isEmpty)
    XCTAssertTrue(ListDiff.between([Person](), []).isEmpty)
  }

  func testInsertsAndDeletesAreMinimalRanges() {
    let old = people("a", "b", "c", "d", "e")
    let new = people("a", "x", "y", "b", "c", "e")
    let diff = ListDiff.between(old, new)
    XCTAssertEqual(
      diff.splices,
      [
        .init(position: 1, removed: 0, inserted: 1..<3),
        .init(position: 5, removed: 1, inserted: 5..<5),
      ])
    XCTAssertEqual(diff.reconfigured, [])
  }

  func testAdjacentChangesMergeIntoOneSplice() {
    let diff = ListDiff.between(people("a", "b", "c", "d"), people("a", "x", "y", "d"))
    XCTAssertEqual(diff.splices, [.init(position: 1, removed: 2, inserted: 1..<3)])
  }

  func testAMoveIsARemovalAndAnInsertion() {
    let old = people("a", "b", "c", "d")
    let new = people("b", "c", "d", "a")
    let diff = ListDiff.between(old, new)
    XCTAssertEqual(diff.removedCount, 1)
    XCTAssertEqual(diff.insertedCount, 1)
    XCTAssertEqual(applied(diff, to: old, new: new), new)
  }

  func testChangedValuesOfKeptIdentitiesAreReconfigured() {
    var new = people("a", "b", "c", "d")
    new[1].role = "Admin"
    new[3].role = "Owner"
    let diff = ListDiff.between(people("a", "b", "c", "d"), new)
    XCTAssertEqual(diff.splices, [])
    XCTAssertEqual(diff.reconfigured, [1, 3])
  }

  func testEverythingAtOnce() {
    let old = people("a", "b", "c", "d", "e", "f")
    var new = people("f", "a", "c", "x", "d", "e")
    new[4].role = "Admin"
    let diff = ListDiff.between(old, new)
    XCTAssertEqual(applied(diff, to: old, new: new), new)
    XCTAssertEqual(diff.reconfigured, [4])
    XCTAssertEqual(diff.removedCount, 2, "b removed, f moved")
    XCTAssertEqual(diff.insertedCount, 2, "f moved, x inserted")
  }

  func testFromAndToEmpty() {
    let list = people("a", "b")
    XCTAssertEqual(
      ListDiff.between([], list).splices, [.init(position: 0, removed: 0, inserted: 0..<2)])
    XCTAssertEqual(
      ListDiff.between(list, []).splices, [.init(position: 0, removed: 2, inserted: 0..<0)])
  }

  func testDuplicateIdentitiesDoNotConfuseIt() {
    let old = people("a", "b", "a", "c", "a")
    let new = people("a", "a", "c", "b", "a", "a")
    XCTAssertEqual(applied(ListDiff.between(old, new), to: old, new: new), new)
  }

  func testRandomEditsAlwaysReproduceTheNewList() {
    var generator = SplitMix64(seed: 300)
    for round in 0..<300 {
      let count = Int.random(in: 0..<60, using: &generator)
      let old = (0..<count).map {
        Person(id: "p\($0)", role: Bool.random(using: &generator) ? "User" : "Admin")
      }
      var new = old
      for _ in 0..<Int.random(in: 0..<8, using: &generator) {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          new.insert(
            Person(id: "n\(round)-\(new.count)"),
            at: Int.random(in: 0...new.count, using: &generator))
        case 1 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
        case 2 where new.count > 1:
          let moved = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
          new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
        case 3 where !new.isEmpty:
          new[Int.random(in: 0..<new.count, using: &generator)].role = "Owner"
        default: break
        }
      }
      let diff = ListDiff.between(old, new)
      XCTAssertEqual(applied(diff, to: old, new: new), new, "round \(round)")
      // Reconfigured: exactly the kept identities whose value changed.
      let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for position in diff.reconfigured {
        XCTAssertNotEqual(oldByID[new[position].id], new[position], "round \(round)")
      }
      var inserted = Set<Int>()
      for splice in diff.splices { inserted.formUnion(splice.inserted) }
      for (position, person) in new.enumerated() where !inserted.contains(position) {
        if let before = oldByID[person.id], before != person {
          XCTAssertTrue(
            diff.reconfigured.contains(position), "round \(round): \(person.id) changed but kept")
        }
      }
    }
  }

  func testSplicesFromThePlacesElementsLeftAndCameReproduceTheNewList() {
    var generator = SplitMix64(seed: 4533)
    for round in 0..<300 {
      let old = (0..<Int.random(in: 0..<40, using: &generator)).map { Person(id: "p\($0)") }
      // Some leave; some come back changed, where they were or elsewhere.
      var left: [Int] = []
      var kept: [Person] = []
      var coming: [Person] = []
      for (position, person) in old.enumerated() {
        if Int.random(in: 0..<5, using: &generator) == 0 {
          left.append(position)
          if Bool.random(using: &generator) { coming.append(Person(id: person.id, role: "Admin")) }
        } else {
          kept.append(person)
        }
      }
      coming += (0..<Int.random(in: 0..<4, using: &generator)).map {
        Person(id: "n\(round)-\($0)")
      }
      var new = kept
      var came: [Int] = []
      for person in coming {
        new.insert(person, at: Int.random(in: 0...new.count, using: &generator))
      }
      let comingIDs = Set(coming.map(\.id))
      came = new.indices.filter { comingIDs.contains(new[$0].id) }
      let diff = ListDiff.splicing(left: left, came: came) { old[$0].id == new[$1].id }
      XCTAssertEqual(applied(diff, to: old, new: new), new, "round \(round)")
      for position in diff.reconfigured {
        XCTAssertTrue(old.contains { $0.id == new[position].id }, "round \(round)")
      }
    }
  }

  func testAPersonWhoLeftAndCameBackInPlaceIsReconfigured() {
    let old = people("a", "b", "c")
    let new = [Person(id: "a"), Person(id: "b", role: "Admin"), Person(id: "c")]
    let diff = ListDiff.splicing(left: [1], came: [1]) { old[$0].id == new[$1].id }
    XCTAssertEqual(diff, ListDiff(reconfigured: [1]))
    let moved = people("a", "c", "b")
    let splice = ListDiff.splicing(left: [1], came: [2]) { old[$0].id == moved[$1].id }
    XCTAssertEqual(splice.removedCount, 1)
    XCTAssertEqual(applied(splice, to: old, new: moved), moved)
  }

  /// A million elements, a third of one percent each changed, removed and inserted at seeded
  /// random places. The new list is made in one pass (removing and inserting one by one would
  /// move the whole array 6,666 times, most of the test's time).
  func testAMillionElementsWithOnePercentChanged() {
    let count = 1_000_000
    let old = (0..<count).map { Person(id: "user\($0)") }
    var generator = SplitMix64(seed: 0x11D1_FF)
    var removed = Set<Int>()
    while removed.count < 3_333 { removed.insert(Int.random(in: 0..<count, using: &generator)) }
    var changed = Set<Int>()
    while changed.count < 3_333 { changed.insert(Int.random(in: 0..<count, using: &generator)) }
    // Where each new element goes: before the kept element at that place (count: at the end).
    var insertions = [Int: [Int]]()
    for index in 0..<3_333 {
      insertions[Int.random(in: 0...(count - removed.count), using: &generator), default: []]
        .append(index)
    }
    var new: [Person] = []
    new.reserveCapacity(count)
    var kept = 0
    for (position, person) in old.enumerated() where !removed.contains(position) {
      for index in insertions[kept, default: []] { new.append(Person(id: "new\(index)")) }
      var person = person
      if changed.contains(position) { person.role = "Admin" }
      new.append(person)
      kept += 1
    }
    for index in insertions[kept, default: []] { new.append(Person(id: "new\(index)")) }
    XCTAssertEqual(new.count, count)
    let clock = ContinuousClock()
    let start = clock.now
    let diff = ListDiff.between(old, new)
    print(
      "list diff: 1,000,000 elements, 1% changed: \(diff.splices.count) splices, \(diff.reconfigured.count) reconfigured in \(clock.now - start)"
    )
    XCTAssertEqual(diff.insertedCount, 3_333)
    XCTAssertEqual(diff.removedCount, 3_333)
    XCTAssertEqual(diff.reconfigured.count, changed.subtracting(removed).count)
  }
}

/// A row that records binds, re-binds and what it shows.
@MainActor
final class PersonRow: ListRow {
  let widget: Widget
  private(set) var shown: Person?
  static var binds = 0

  init() { widget = gtk_label_new("")! }

  func bind(_ model: Person, position: Int) {
    shown = model
    Self.binds += 1
    gtk_label_set_text(OpaquePointer(widget), "\(model.id) \(model.role)")
  }

  func unbind() { shown = nil }
}

final class ListModelApplyTests: XCTestCase {
  func testApplyingADiffKeepsUnchangedRowsBoundAndAnswersGTKConsistently() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      let old = (0..<200).map { Person(id: "p\($0)") }
      let model = ListModel(old)
      let factory = ListFactory(
        makeRow: { PersonRow() }, model: { $0 < model.count ? model[$0] : nil })
      let window = GtkTestEnvironment.presentList(model, factory).window
      defer { GtkTestEnvironment.close(window) }
      XCTAssertTrue(MainContext.run(until: { factory.statistics.binds > 0 }))
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(window))

      // Every announcement must describe a list GTK can read back.
      var observed: [(position: UInt32, removed: UInt32, added: UInt32, count: UInt32)] = []
      var consistent = true
      let connection = Signals.connect(model.object.pointer, .itemsChanged) {
        position, removed, added in
        let count = g_list_model_get_n_items(model.listModel)
        observed.append((position, removed, added, count))
        for index in 0..<count {
          guard let item = g_list_model_get_item(model.listModel, index) else {
            consistent = false
            continue
          }
          g_object_unref(item)
        }
      }
      defer { connection.disconnect() }

      var new = old
      new.insert(Person(id: "new"), at: 3)
      new.remove(at: 10)
      new[1].role = "Admin"
      new.append(Person(id: "last"))
      let diff = ListDiff.between(old, new)
      let bindsBefore = PersonRow.binds
      model.apply(diff, to: new)
      let rebound = factory.rebind { Set(diff.reconfigured).contains($0) }
      // GTK binds the inserted rows at its next layout.
      XCTAssertTrue(GtkTestEnvironment.waitForFrame(window))

      XCTAssertTrue(consistent, "GTK read an item that did not exist mid-apply")
      XCTAssertEqual(observed.count, diff.splices.count)
      XCTAssertEqual(observed.last?.count, UInt32(new.count))
      XCTAssertEqual(model.elements, new)
      XCTAssertEqual(rebound, 1, "the changed row is re-bound in place")
      var shown: [String: Person] = [:]
      factory.forEachBoundRow { row, position in
        XCTAssertEqual(row.shown, new[position], "row \(position) shows a stale person")
        shown[new[position].id] = row.shown
      }
      XCTAssertEqual(shown["p1"]?.role, "Admin")
      // Only the inserted row and the reconfigured one were bound; kept rows stayed.
      XCTAssertLessThanOrEqual(PersonRow.binds - bindsBefore, 4, "unchanged rows were re-bound")
    }
  }
}
