import CGtk
import Foundation
import RosterKit
import TestSupport
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
    guard
      let output = try FreshTestProcess.output(
        of:
          "RosterKitTests.AllocatorSettingsTests/testABigBlockIsStillMappedAfterOneLikeItWasFreed",
        variable: Self.childVariable, check: Self.bigBlockCheck)
    else { return }
    XCTAssertTrue(
      output.contains("\(Self.mapped)=true"),
      "the second big block came from a heap arena:\n\(output)")
  }

  func testABlockUnderTheThresholdComesFromTheHeap() {
    // What the check above rests on can stay flat: the mapped bytes do not
    // count a block the heap serves.
    MainActor.assumeIsolated { _ = AllocatorSettings.apply() }
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
    let accepted = MainActor.assumeIsolated { AllocatorSettings.apply() }
    let size = 16 << 20
    free(malloc(size))
    let before = Int(mallinfo2().hblkhd)
    let block = malloc(size)
    defer { free(block) }
    let grew = Int(mallinfo2().hblkhd) - before
    return "accepted=\(accepted) \(mapped)=\(accepted && grew >= size) grew=\(grew)"
  }

  func testTheTrimThresholdDecidesWhetherAFreedTopIsKept() throws {
    guard
      let output = try FreshTestProcess.output(
        of:
          "RosterKitTests.AllocatorSettingsTests/testTheTrimThresholdDecidesWhetherAFreedTopIsKept",
        variable: Self.trimChildVariable, check: Self.trimCheck)
    else { return }
    XCTAssertTrue(output.contains("raised=kept default=given-back"), output)
  }

  private static let trimChildVariable = "ROSTER_TRIM_CHECK"

  /// Frees a block at the top of the main heap under a raised trim threshold, then under
  /// glibc's default, and says whether the heap kept its top each time (what a frame surface
  /// freed inside a frame, and a worker's block freed between frames, rely on).
  private static func trimCheck() -> String {
    MainActor.assumeIsolated {
      guard AllocatorSettings.apply() else { return "refused" }
      let size = Int(AllocatorSettings.mmapThreshold) / 2
      func keptAfterFreeing() -> String {
        let block = malloc(size)!
        memset(block, 1, size)
        free(block)
        return Int(mallinfo2().keepcost) >= size ? "kept" : "given-back"
      }
      AllocatorSettings.setTrimThreshold(size * 4)
      let raised = keptAfterFreeing()
      AllocatorSettings.setTrimThreshold(Int(AllocatorSettings.defaultTrimThreshold))
      let lowered = keptAfterFreeing()
      return "raised=\(raised) default=\(lowered)"
    }
  }

  func testAFrameSurfaceUnderAWindowsThresholdComesFromTheHeap() throws {
    guard
      let output = try FreshTestProcess.output(
        of:
          "RosterKitTests.AllocatorSettingsTests/testAFrameSurfaceUnderAWindowsThresholdComesFromTheHeap",
        variable: Self.frameChildVariable, check: Self.frameBlockCheck)
    else { return }
    XCTAssertTrue(
      output.contains("before=mapped after=heap"),
      "a frame-sized block should be mapped at 1 MiB and come from the heap once a window's frame raised the threshold:\n\(output)"
    )
  }

  func testTheThresholdSitsJustAboveAFrameBetweenOneAndEightMiB() {
    XCTAssertEqual(AllocatorSettings.mmapThreshold(forFrameBytes: 0), 1 << 20)
    let defaultWindow = 480 * 800 * 4
    let threshold = AllocatorSettings.mmapThreshold(forFrameBytes: defaultWindow)
    XCTAssertGreaterThan(threshold, defaultWindow)
    XCTAssertLessThanOrEqual(threshold, defaultWindow + (128 << 10))
    XCTAssertEqual(threshold % (64 << 10), 0)
    XCTAssertGreaterThan(
      AllocatorSettings.mmapThreshold(forFrameBytes: 1920 * 1080 * 4), 1920 * 1080 * 4)
    XCTAssertEqual(
      AllocatorSettings.mmapThreshold(forFrameBytes: 3840 * 2160 * 4),
      AllocatorSettings.maxMmapThreshold)
  }

  private static let frameChildVariable = "ROSTER_ALLOCATOR_FRAME_CHECK"

  /// A block the size of the default window's frame surface, allocated, freed and allocated
  /// again at the start-up threshold and then at the one a window of that size sets.
  private static func frameBlockCheck() -> String {
    MainActor.assumeIsolated {
      let size = 480 * 800 * 4
      func mapped() -> Bool {
        free(malloc(size))
        let before = Int(mallinfo2().hblkhd)
        let block = malloc(size)
        defer { free(block) }
        return Int(mallinfo2().hblkhd) - before >= size
      }
      guard AllocatorSettings.apply() else { return "refused" }
      let before = mapped() ? "mapped" : "heap"
      let raised = AllocatorSettings.setMmapThreshold(
        AllocatorSettings.mmapThreshold(forFrameBytes: size))
      let after = mapped() ? "mapped" : "heap"
      return "raised=\(raised) before=\(before) after=\(after)"
    }
  }
}
