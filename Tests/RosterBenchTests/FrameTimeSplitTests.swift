import Foundation
import XCTest

@testable import RosterBench

/// The bench's split of a frame's wall time: CPU time moves with work, the
/// run-queue wait moves when more threads want a CPU than there are, a
/// sleep moves neither (it is blocked time), and the slowest frames are
/// picked and averaged as documented.
final class FrameTimeSplitTests: XCTestCase {
  private static func spin(for duration: Duration) {
    let end = ContinuousClock.now + duration
    var sink = 0
    while ContinuousClock.now < end { sink &+= 1 }
    _ = sink
  }

  /// A fixed amount of work (not a span of wall time: on a loaded machine a
  /// span of wall time holds any amount of CPU time, down to none).
  private static func work(iterations: Int) {
    var sink = 0
    for index in 0..<iterations { sink = sink &* 31 &+ index }
    precondition(sink != 1, "keeps the loop")
  }

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
  }

  func testWorkCountsAsCPUAndASleepAsNeither() {
    let wallStart = ContinuousClock.now
    let start = FrameTimeSplit.read()
    Self.work(iterations: 40_000_000)
    let afterWork = FrameTimeSplit.read()
    let wallAfterWork = ContinuousClock.now
    usleep(50_000)
    let afterSleep = FrameTimeSplit.read()
    let sleepWall = Self.nanoseconds(ContinuousClock.now - wallAfterWork)
    let workCPU = afterWork.cpu - start.cpu
    // Tens of milliseconds of work on any machine this runs on; none read
    // as CPU if the counter missed it.
    XCTAssertGreaterThan(workCPU, 5_000_000, "the work did not read as CPU")
    XCTAssertLessThanOrEqual(
      workCPU, Self.nanoseconds(wallAfterWork - wallStart) + 1_000_000,
      "one thread's CPU time cannot pass the wall time")
    XCTAssertLessThan(afterSleep.cpu - afterWork.cpu, 10_000_000, "a sleep read as CPU")
    // Waiting to run again after the sleep is run-queue time (on a loaded
    // machine, much of it), but the 50 ms asleep are not.
    XCTAssertLessThanOrEqual(
      afterSleep.runQueue - afterWork.runQueue, sleepWall - min(sleepWall, 50_000_000) + 2_000_000,
      "a sleep read as waiting")
  }

  func testAThreadWithMoreRivalsThanCPUsWaitsInTheRunQueue() throws {
    #if !os(Linux)
      throw XCTSkip("run-queue wait is read from Linux's /proc")
    #endif
    // Two spinning rivals per CPU, and the test's thread spinning too: with
    // one rival per CPU the kernel may leave the test's thread a CPU of its
    // own and put two rivals on another (it waited 7.5 ms of 200 once);
    // with two, every CPU holds at least two threads once balanced.
    let rivals = 2 * ProcessInfo.processInfo.activeProcessorCount
    let done = DispatchGroup()
    let started = DispatchSemaphore(value: 0)
    for _ in 0..<rivals {
      done.enter()
      Thread {
        started.signal()
        Self.spin(for: .milliseconds(400))
        done.leave()
      }.start()
    }
    // Every rival is running (not a span of time: a busy machine may start
    // a thread late), and spins for 400 ms from its own start.
    for _ in 0..<rivals { started.wait() }
    let start = FrameTimeSplit.read()
    Self.spin(for: .milliseconds(200))
    let end = FrameTimeSplit.read()
    done.wait()
    let waited = Double(end.runQueue - start.runQueue) / 1e6
    print("run-queue wait beside \(rivals) spinning threads, 200 ms of wall time: \(waited) ms")
    XCTAssertGreaterThan(waited, 20, "a thread with more rivals than CPUs never waited for one")
  }

  func testTheSlowestFramesAreTheSlowestTwoPercentAveraged() throws {
    // 100 frames: 98 of 2 ms, two slow ones (10 ms: 3 CPU, 4 waiting; 8 ms: 3, 1).
    var work = [Double](repeating: 2, count: 98)
    var cpu = [Double](repeating: 1.8, count: 98)
    var queue = [Double](repeating: 0.1, count: 98)
    work += [10, 8]
    cpu += [3, 3]
    queue += [4, 1]
    let slowest = try XCTUnwrap(SlowestFrames(work: work, cpu: cpu, runQueue: queue))
    XCTAssertEqual(slowest.work, 9, accuracy: 1e-9)
    XCTAssertEqual(slowest.cpu, 3, accuracy: 1e-9)
    XCTAssertEqual(slowest.runQueue, 2.5, accuracy: 1e-9)
    XCTAssertEqual(slowest.blocked, 3.5, accuracy: 1e-9)
    XCTAssertNil(SlowestFrames(work: [], cpu: [], runQueue: []), "no frames: null")
    let line = try ReportLine.json(BenchmarkReport.Slowest(slowest))
    XCTAssertEqual(line, #"{"work":9,"cpu":3,"run_queue":2.5,"blocked":3.5}"#)
  }
}
