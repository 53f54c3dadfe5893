import CGtk
import Foundation
import RosterKit
import XCTest

/// Roster's malloc set-up: a big block freed leaves the threshold where it
/// was, so the next big block is mapped again (and unmapped when freed)
/// rather than kept in a heap arena.
///
/// glibc serves even a big block from an arena's free space when it has
/// enough, whatever the threshold, and a test process that has run three
/// hundred tests has plenty. So the check runs in a fresh copy of this test
/// process, started for this one test, whose heap is still small.
final class AllocatorSettingsTests: XCTestCase {
  private static let childVariable = "ROSTER_ALLOCATOR_CHECK"
  private static let mapped = "mapped"

  func testABigBlockIsStillMappedAfterOneLikeItWasFreed() throws {
    if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
      print(Self.bigBlockCheck())
      return
    }
    let output = try Self.runThisTestInAFreshProcess()
    XCTAssertTrue(
      output.contains("\(Self.mapped)=true"),
      "the second big block came from a heap arena:\n\(output)")
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

  /// Frees one big block and allocates another like it; says whether the
  /// second got a mapping of its own. Left to itself glibc would raise its
  /// threshold above the first block's size and serve the second from the
  /// heap (taking `apply()` out makes this print `mapped=false`).
  private static func bigBlockCheck() -> String {
    let accepted = AllocatorSettings.apply()
    let size = 16 << 20
    free(malloc(size))
    let before = Int(mallinfo2().hblkhd)
    let block = malloc(size)
    defer { free(block) }
    let grew = Int(mallinfo2().hblkhd) - before
    return "accepted=\(accepted) \(mapped)=\(accepted && grew >= size) grew=\(grew)"
  }

  private static func runThisTestInAFreshProcess() throws -> String {
    try FreshTestProcess.run(
      "RosterKitTests.AllocatorSettingsTests/testABigBlockIsStillMappedAfterOneLikeItWasFreed",
      environment: [childVariable: "1"])
  }

}
