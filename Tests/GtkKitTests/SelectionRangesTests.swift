import GtkKit
import SharedSupport
import XCTest

/// The ranges a selection is held in: merged, split and moved as a list's
/// positions change, checked against a plain set of positions.
final class SelectionRangesTests: XCTestCase {

  func testInsertMergesTouchingAndOverlappingRanges() {
    var set = SelectionRanges()
    set.insert(5..<8)
    set.insert(0..<2)
    set.insert(2..<3)
    XCTAssertEqual(set.ranges, [0..<3, 5..<8])
    set.insert(3..<5)
    XCTAssertEqual(set.ranges, [0..<8])
    XCTAssertEqual(set.count, 8)
    set.insert(20..<30)
    set.insert(7..<21)
    XCTAssertEqual(set.ranges, [0..<30])
    XCTAssertEqual(set.count, 30)
  }

  func testRemoveSplitsARange() {
    var set = SelectionRanges(0..<10)
    set.remove(3..<5)
    XCTAssertEqual(set.ranges, [0..<3, 5..<10])
    XCTAssertEqual(set.count, 8)
    XCTAssertFalse(set.contains(3))
    XCTAssertTrue(set.contains(5))
    set.remove(0..<100)
    XCTAssertTrue(set.isEmpty)
    XCTAssertEqual(set.count, 0)
  }

  func testSpliceMovesPositionsAndRejoinsTheSidesOfARemoval() {
    var set = SelectionRanges(0..<10)
    set.splice(at: 3, removed: 2, added: 0)
    XCTAssertEqual(set.ranges, [0..<8], "the two sides of the removal touch again")
    set.splice(at: 3, removed: 0, added: 2)
    XCTAssertEqual(set.ranges, [0..<3, 5..<10], "inserted positions are not selected")
    set.splice(at: 0, removed: 1, added: 4)
    XCTAssertEqual(set.ranges, [4..<6, 8..<13])
  }

  func testAMillionPositionsAreOneRange() {
    var set = SelectionRanges(0..<1_000_000)
    set.remove(500_000..<500_001)
    XCTAssertEqual(set.ranges.count, 2)
    XCTAssertEqual(set.count, 999_999)
    XCTAssertEqual(set.span, 0..<1_000_000)
  }

  /// Random edits against a `Set<Int>` (seeded, so a failure repeats).
  func testRandomEditsAgreeWithASetOfPositions() {
    var random = SplitMix64(seed: 0x5E1E_C7)
    var set = SelectionRanges()
    var model = Set<Int>()
    var length = 200
    for _ in 0..<3000 {
      let a = Int.random(in: 0..<length, using: &random)
      let b = Int.random(in: a...min(length, a + 20), using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        set.insert(a..<b)
        model.formUnion(a..<b)
      case 1:
        set.remove(a..<b)
        model.subtract(a..<b)
      case 2:
        let added = Int.random(in: 0..<5, using: &random)
        set.splice(at: a, removed: b - a, added: added)
        model = Set(
          model.compactMap { $0 < a ? $0 : $0 >= b ? $0 - (b - a) + added : nil })
        length += added - (b - a)
        length = max(length, 1)
      default:
        let other = SelectionRanges(a..<b)
        XCTAssertEqual(Set(set.intersection(other).positions), model.intersection(a..<b))
      }
      XCTAssertEqual(set.count, model.count)
      XCTAssertEqual(Array(set.positions), model.sorted())
      for (left, right) in zip(set.ranges, set.ranges.dropFirst()) {
        XCTAssertLessThan(left.upperBound, right.lowerBound, "ranges touch: \(set)")
      }
    }
  }
}
