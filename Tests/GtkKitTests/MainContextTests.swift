import CGtk
import Foundation
import GtkKit
import XCTest

/// `MainContext.runBlocking` sleeps in poll until an event, as the app's
/// loop does, where `run(until:)` wakes every millisecond; both end when
/// their condition holds or at the deadline.
final class MainContextTests: XCTestCase {
  func testTheBlockingRunSleepsUntilAnEventAndThePollingRunDoesNot() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      final class Flag: @unchecked Sendable { var set = false }

      // The condition holds once a timeout 80 ms away fires: the blocking run asks it
      // again only when the loop wakes, the polling run about once a millisecond.
      func checks(_ run: (@MainActor () -> Bool) -> Bool) -> Int {
        let flag = Flag()
        var checked = 0
        let box = Unmanaged.passRetained(flag).toOpaque()
        g_timeout_add_full(
          G_PRIORITY_DEFAULT, 80,
          { data in
            Unmanaged<Flag>.fromOpaque(data!).takeUnretainedValue().set = true
            return 0
          }, box, { Unmanaged<Flag>.fromOpaque($0!).release() })
        XCTAssertTrue(
          run {
            checked += 1
            return flag.set
          })
        return checked
      }
      MainContext.run(for: .milliseconds(20))  // what earlier tests left pending
      let blocking = checks { MainContext.runBlocking(until: $0, timeout: .seconds(5)) }
      let polling = checks { MainContext.run(until: $0, timeout: .seconds(5)) }
      print("condition checks in 80 ms: blocking \(blocking), polling \(polling)")
      XCTAssertLessThan(blocking, 10, "the blocking run woke without events")
      XCTAssertGreaterThan(polling, 20, "the polling run did not poll (so the check can fail)")
    }
  }

  func testTheBlockingRunGivesUpAtItsDeadlineWhenNothingHappens() throws {
    try MainActor.assumeIsolated {
      try GtkTestEnvironment.setUp()
      MainContext.run(for: .milliseconds(20))
      let clock = ContinuousClock()
      let start = clock.now
      XCTAssertFalse(MainContext.runBlocking(until: { false }, timeout: .milliseconds(100)))
      let elapsed = clock.now - start
      XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(100))
      XCTAssertLessThan(elapsed, .seconds(5), "the deadline's wake-up did not come")
      // Its wake-up is gone with it: a later blocking run is not woken by it.
      XCTAssertTrue(MainContext.runBlocking(until: { true }, timeout: .milliseconds(10)))
    }
  }
}
