import CGLib
import Foundation
import GObjectKit
import XCTest

/// `MainContext.runBlocking` sleeps in poll until an event, as the app's
/// loop does, where `run(until:)` wakes every millisecond; both end when
/// their condition holds or at the deadline.
final class MainContextTests: XCTestCase {
  func testTheBlockingRunSleepsUntilAnEventAndThePollingRunDoesNot() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      final class Flag: @unchecked Sendable { var set = false }
      Self.runPendingWork()

      // The condition holds once a timeout 80 ms away fires: the blocking
      // run asks it again only when the loop wakes.
      let flag = Flag()
      let box = Unmanaged.passRetained(flag).toOpaque()
      g_timeout_add_full(
        G_PRIORITY_DEFAULT, 80,
        { data in
          Unmanaged<Flag>.fromOpaque(data!).takeUnretainedValue().set = true
          return 0
        }, box, { Unmanaged<Flag>.fromOpaque($0!).release() })
      var blocking = 0
      XCTAssertTrue(
        MainContext.runBlocking(
          until: {
            blocking += 1
            return flag.set
          }, timeout: .seconds(5)))
      XCTAssertLessThan(blocking, 10, "the blocking run woke without events")

      // A condition that holds on its 30th check, with no event at all:
      // only a run that asks it without waiting for one gets there, however
      // slow the machine (the deadline is far). The blocking run, given the
      // same, sleeps to its deadline.
      var polling = 0
      XCTAssertTrue(
        MainContext.run(
          until: {
            polling += 1
            return polling >= 30
          }, timeout: .seconds(30)),
        "the polling run did not poll (so the check can fail)")
      var sleeping = 0
      XCTAssertFalse(
        MainContext.runBlocking(
          until: {
            sleeping += 1
            return sleeping >= 30
          }, timeout: .milliseconds(100)))
      XCTAssertLessThan(sleeping, 10, "the blocking run woke without events")
    }
  }

  func testTheBlockingRunGivesUpAtItsDeadlineWhenNothingHappens() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      Self.runPendingWork()
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

  /// Runs what earlier tests left pending until no source is ready, so that none wakes the
  /// blocking runs counted here, however long that work takes.
  @MainActor private static func runPendingWork() {
    XCTAssertTrue(
      MainContext.run(until: { g_main_context_pending(nil) == 0 }, timeout: .seconds(20)),
      "the main loop always had work ready")
  }
}
