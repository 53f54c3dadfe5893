import CGtk
import RosterKit
import XCTest

/// Roster's malloc set-up: a big block freed leaves the threshold where it
/// was, so the next big block is mapped again (and unmapped when freed)
/// rather than kept in a heap arena.
final class AllocatorSettingsTests: XCTestCase {
  func testABigBlockIsStillMappedAfterOneLikeItWasFreed() {
    XCTAssertTrue(AllocatorSettings.apply())
    let size = 4 << 20
    // Left to itself glibc would raise its threshold above `size` here.
    free(malloc(size))
    let before = Int(mallinfo2().hblkhd)
    let block = malloc(size)
    defer { free(block) }
    XCTAssertGreaterThanOrEqual(
      Int(mallinfo2().hblkhd) - before, size, "the block came from a heap arena")
  }

  func testABlockUnderTheThresholdComesFromTheHeap() {
    // What the check above rests on can stay flat: the mapped bytes do not
    // count a block the heap serves.
    AllocatorSettings.apply()
    let before = Int(mallinfo2().hblkhd)
    let small = malloc(Int(AllocatorSettings.mmapThreshold) / 2)
    defer { free(small) }
    XCTAssertEqual(Int(mallinfo2().hblkhd), before, "a block under the threshold was mapped")
  }
}
