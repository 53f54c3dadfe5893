import Directory
import DirectoryGenerator
import Foundation
import TestSupport
import XCTest

@testable import RosterBench

/// `roster-dev soak`: a few seconds of it on a small directory write the CSV
/// and plot it promises, and its verdict fails a series that grows.
final class SoakTests: XCTestCase {
  func testAShortSoakWritesASampleRowPerIntervalWithEveryColumn() throws {
    try MainActor.assumeIsolated {
      try BenchTestWindow.setUp()
      let folder = TemporaryDirectory()
      var options = SoakOptions()
      options.users = 2_000
      options.avatars = 40
      options.dataFolder = folder.url.appendingPathComponent("directory")
      options.duration = .seconds(8)
      options.sampleInterval = .seconds(1)
      options.refreshInterval = .seconds(3)
      options.csv = folder.url.appendingPathComponent("soak.csv")
      options.plot = folder.url.appendingPathComponent("soak.png")
      // One of each step (two flings) and a refresh, however long the
      // machine takes: the counts below rest on them, not on the clock.
      options.minimumSteps = SoakStep.allCases.count
      options.minimumRefreshes = 1
      let soak = Soak(options: options)
      let verdict = try soak.run()
      print(soak.counts.summary)
      print(verdict.summary)

      let lines = try String(contentsOf: options.csv, encoding: .utf8).split(separator: "\n")
      XCTAssertEqual(
        lines.first.map(String.init),
        "seconds,rss_mib,fds,rows,items,model_items,tasks,memory_cache_bytes,disk_cache_bytes,"
          + "heap_in_use_mib,heap_free_mib")
      let rows = lines.dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
      // A sample at the start, then one between actions once a second has
      // passed, one at the end; never two within a second. Each waits for
      // the avatar decodes to drain, and the decode thread runs in the idle
      // class: on a machine whose cores are taken (a build beside the tests)
      // the drain can fill the whole soak, leaving the first and last.
      XCTAssertGreaterThanOrEqual(rows.count, 2)
      XCTAssertLessThanOrEqual(rows.count, 10)
      let seconds = rows.map { $0[0] }
      for (earlier, later) in zip(seconds.dropLast(2), seconds.dropFirst().dropLast()) {
        XCTAssertGreaterThanOrEqual(later - earlier, 0.99, "two samples within an interval")
      }
      for row in rows {
        XCTAssertEqual(row.count, 11, "a line without every column")
        XCTAssertEqual(row[5], 2_000, "the model lost or gained people")
        XCTAssertGreaterThan(row[1], 0, "no resident memory")
        XCTAssertGreaterThan(row[2], 0, "no descriptors")
        XCTAssertGreaterThan(row[3], 0, "no row widgets")
        XCTAssertGreaterThan(row[4], 0, "no item objects")
        XCTAssertGreaterThan(row[9], 0, "no live heap")
        XCTAssertLessThan(row[9] + row[10], row[1] + 64, "more heap than the process holds")
      }
      XCTAssertEqual(rows.map { $0[0] }, rows.map { $0[0] }.sorted(), "samples out of order")
      XCTAssertGreaterThan(rows.map { $0[7] }.max() ?? 0, 0, "no avatar reached the memory cache")
      XCTAssertGreaterThanOrEqual(soak.counts.refreshes, 1)
      XCTAssertEqual(soak.counts.refreshesAsDiff, soak.counts.refreshes)
      XCTAssertGreaterThan(soak.counts.flings, 0)
      let png = try Data(contentsOf: options.plot)
      XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
  }

  func testARefreshChangesOnePercentAndKeepsTheCountAndUniqueIdentities() {
    var list = (0..<1_000).map { User(id: "u\($0)", username: "user\($0)") }
    let original = list
    let change = OnePercentChange(users: list.count)
    var generator = SplitMix64(seed: 1)
    change.apply(to: &list, using: &generator, tag: "a")
    change.apply(to: &list, using: &generator, tag: "b")
    XCTAssertEqual(list.count, 1_000)
    XCTAssertEqual(Set(list.map(\.identity)).count, 1_000, "an identity twice")
    XCTAssertEqual(list.filter { $0.username.hasPrefix("newcomer") }.count, 6)
    let kept = Set(original.map(\.identity)).intersection(list.map(\.identity))
    XCTAssertEqual(kept.count, 994)
    let edited = list.filter { user in original.contains { $0.id == user.id && $0 != user } }
    XCTAssertGreaterThan(edited.count, 0, "no role was changed")
  }

  func testTheSlopeIsTheLeastSquaresLine() {
    let points = (0..<10).map { index -> (x: Double, y: Double) in
      let noise: Double = index % 2 == 0 ? 0.5 : -0.5
      return (Double(index), 3 + 2 * Double(index) + noise)
    }
    XCTAssertEqual(SoakVerdict.slope(points), 2, accuracy: 0.12)
    XCTAssertEqual(SoakVerdict.slope([(x: 1, y: 5)]), 0)
  }

  func testAGrowingSeriesFailsAndAFlatOnePasses() {
    func samples(rss: (Double) -> Double, fds: (Double) -> Int = { _ in 30 }) -> [SoakSample] {
      (0...60).map { index in
        var sample = SoakSample()
        sample.seconds = Double(index) * 10
        sample.residentMiB = rss(sample.seconds / 60)
        sample.descriptors = fds(sample.seconds / 60)
        sample.rows = 206
        return sample
      }
    }
    let flat = SoakVerdict(
      samples: samples(rss: { 250 + sin($0 * 7) }), warmUpSeconds: 60)
    XCTAssertTrue(flat.passed, flat.summary)
    XCTAssertTrue(flat.summary.hasSuffix("PASS"))

    let growing = SoakVerdict(samples: samples(rss: { 250 + 0.8 * $0 }), warmUpSeconds: 60)
    XCTAssertEqual(growing.rssSlope, 0.8, accuracy: 1e-9)
    XCTAssertFalse(growing.passed)
    XCTAssertTrue(growing.summary.hasSuffix("FAIL"))

    // The image cache filling towards its budget is not a leak; the rest is.
    var filling = samples(rss: { 250 + 2 * $0 })
    for index in filling.indices {
      filling[index].memoryCacheBytes = Int(2 * filling[index].seconds / 60 * 1_048_576)
    }
    let cacheFilling = SoakVerdict(samples: filling, warmUpSeconds: 60)
    XCTAssertTrue(cacheFilling.passed, cacheFilling.summary)
    XCTAssertEqual(cacheFilling.totalRSSSlope, 2, accuracy: 1e-6)

    // A first minute that grows (caches warming) is not held against it.
    let warming = SoakVerdict(
      samples: samples(rss: { $0 < 1 ? 100 + 100 * $0 : 200 }), warmUpSeconds: 60)
    XCTAssertTrue(warming.passed, warming.summary)

    let leakingDescriptors = SoakVerdict(
      samples: samples(rss: { _ in 250 }, fds: { 30 + Int($0) }), warmUpSeconds: 60)
    XCTAssertEqual(leakingDescriptors.descriptors, 31...40)
    XCTAssertFalse(leakingDescriptors.passed)

    XCTAssertFalse(SoakVerdict(samples: [], warmUpSeconds: 60).passed, "no samples, no pass")
  }

  /// A queue that drains slower than one stall window still drains: the
  /// wait goes on while the count falls (a single window would stop at 4).
  func testTheDrainWaitGoesOnWhileTheCountKeepsFalling() {
    MainActor.assumeIsolated {
      let clock = ContinuousClock()
      let start = clock.now
      let left = Soak.waitForDrain(
        { max(0, 6 - Int((clock.now - start) / .milliseconds(40))) },
        stall: .milliseconds(100), limit: .seconds(30))
      XCTAssertEqual(left, 0, "the wait stopped while the queue was still draining")
      XCTAssertGreaterThan(clock.now - start, .milliseconds(200), "drained faster than it can")
    }
  }

  /// A task that never finishes stops the wait after one window without
  /// progress, with its count; a queue that falls forever stops at the limit.
  func testTheDrainWaitStopsWhenTheCountStopsFallingOrAtTheLimit() {
    MainActor.assumeIsolated {
      let clock = ContinuousClock()
      var start = clock.now
      let stuck = Soak.waitForDrain({ 3 }, stall: .milliseconds(50), limit: .seconds(30))
      XCTAssertEqual(stuck, 3)
      XCTAssertLessThan(clock.now - start, .seconds(10), "waited for the limit, not the stall")

      var polls = 0
      start = clock.now
      let endless = Soak.waitForDrain(
        {
          polls += 1
          return 1_000_000 - polls
        }, stall: .milliseconds(50), limit: .milliseconds(300))
      XCTAssertGreaterThan(endless, 0)
      XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(300), "stopped before the limit")
      XCTAssertLessThan(clock.now - start, .seconds(10), "the limit was not kept")
    }
  }
}

/// The soak's heap figures follow what the process allocates and frees.
final class SoakHeapFigureTests: XCTestCase {
  func testLiveHeapRisesWithAnAllocationAndFreeBytesWithItsRelease() {
    let size = 64 << 10  // under any mmap threshold: from an arena
    var blocks: [UnsafeMutableRawPointer] = []
    blocks.reserveCapacity(64)
    let before = ResourceUsage.heapMiB
    for _ in 0..<64 {
      let block = malloc(size)!
      memset(block, 1, size)
      blocks.append(block)
    }
    let held = ResourceUsage.heapMiB
    XCTAssertGreaterThanOrEqual(held.inUse - before.inUse, 3.9, "4 MiB allocated did not count")
    // Keep the last block so the freed ones are not at the heap's top to trim.
    for block in blocks.dropLast() { free(block) }
    let freed = ResourceUsage.heapMiB
    XCTAssertGreaterThanOrEqual(held.inUse - freed.inUse, 3.8, "3.9 MiB freed still counts as live")
    XCTAssertGreaterThanOrEqual(freed.free - held.free, 3.8, "the freed blocks are not free bytes")
    free(blocks.last!)
  }
}
