import SharedSupport
import XCTest

@testable import Directory

/// The runs of entries equal in key, sorted by a tie key on several threads
/// at once: every run ends in order however the entries are cut into
/// stretches, and no entry crosses from one run to another.
final class SortRunsTests: XCTestCase {
  func testRunsAcrossTheStretchesCutsEndInOrder() {
    var random = SplitMix64(seed: 31)
    // 100,003 entries in runs of 1 to 40 (so runs lie across any cut),
    // each run's tie keys shuffled, some equal (then ordered by slot).
    var entries: [SortEntry] = []
    var key: UInt64 = 0
    while entries.count < 100_003 {
      let length = min(1 + random.next(below: 40), 100_003 - entries.count)
      for _ in 0..<length {
        entries.append(SortEntry(key: key, slot: UInt32(entries.count)))
      }
      key += 1
    }
    let ties = entries.map { _ in UInt64(random.next(below: 8)) }
    let runKeys = entries.map(\.key)
    entries.withUnsafeMutableBufferPointer { buffer in
      buffer.sortRunsInParallel(tieKey: { ties[Int($0.slot)] }) { $0.slot < $1.slot }
    }
    for k in entries.indices {
      XCTAssertEqual(runKeys[Int(entries[k].slot)], runKeys[k], "entry \(k) left its run")
      guard k > 0, runKeys[k] == runKeys[k - 1] else { continue }
      let (left, right) = (entries[k - 1], entries[k])
      let inOrder = left.key < right.key || (left.key == right.key && left.slot < right.slot)
      XCTAssertTrue(inOrder, "entries \(k - 1) and \(k) of run \(runKeys[k])")
      if !inOrder { return }
    }
  }
}
