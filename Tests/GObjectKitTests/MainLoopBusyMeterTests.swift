import CGLib
import Foundation
import GObjectKit
import XCTest

/// The busy meter counts work that runs from the loop, whatever source runs it, and does not
/// count the loop's waiting.
final class MainLoopBusyMeterTests: XCTestCase {
  func testWorkTheMainQueueRunsCountsAsBusyAndWaitingDoesNot() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      MainLoopBusyMeter.install()

      let quiet = MainLoopBusyMeter.read()
      MainContext.run(for: .milliseconds(60))
      let afterQuiet = MainLoopBusyMeter.read()
      XCTAssertLessThan(
        afterQuiet.busyMilliseconds(since: quiet), afterQuiet.wallMilliseconds(since: quiet),
        "waiting for work is not busy time")

      // 40 ms of work delivered through the main queue, as image deliveries are.
      final class Flag: @unchecked Sendable { var ran = false }
      let flag = Flag()
      DispatchQueue.main.async {
        let end = ContinuousClock.now + .milliseconds(40)
        while ContinuousClock.now < end {}
        flag.ran = true
      }
      let before = MainLoopBusyMeter.read()
      XCTAssertTrue(MainContext.run(until: { flag.ran }))
      let after = MainLoopBusyMeter.read()
      XCTAssertGreaterThanOrEqual(after.busyMilliseconds(since: before), 40)

      // Blocking iterations wait in the context's poll: idle, though nothing drives them.
      let blocking = MainLoopBusyMeter.read()
      let wakeUp = ContinuousClock.now + .milliseconds(30)
      g_timeout_add(30, { _ in 0 }, nil)
      while ContinuousClock.now < wakeUp { MainContext.iterate(blocking: true) }
      let woke = MainLoopBusyMeter.read()
      let waited = woke.wallMilliseconds(since: blocking) - woke.busyMilliseconds(since: blocking)
      XCTAssertGreaterThan(waited, 15, "the poll's wait is idle time")
    }
  }
}
