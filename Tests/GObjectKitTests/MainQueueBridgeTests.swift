import Dispatch
import GObjectKit
import XCTest

final class MainQueueBridgeTests: XCTestCase {
  func testAMainActorHopAwaitedFromABackgroundTaskCompletesWhileTheGLibLoopRuns() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      final class Flag: @unchecked Sendable { var hops = 0 }
      let flag = Flag()
      Task.detached {
        for _ in 0..<100 {
          await MainActor.run { flag.hops += 1 }
        }
      }
      // Only GLib iterates here: the hops can finish only through the bridge.
      let finished = MainContext.run(until: { flag.hops == 100 }, timeout: .seconds(10))
      XCTAssertTrue(finished, "only \(flag.hops) of 100 hops ran")
    }
  }

  func testDispatchMainBlocksRunInsideTheGLibLoop() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      final class Flag: @unchecked Sendable { var ranOnMain = false }
      let flag = Flag()
      DispatchQueue.global().async {
        DispatchQueue.main.async { flag.ranOnMain = Thread.isMainThread }
      }
      XCTAssertTrue(MainContext.run(until: { flag.ranOnMain }, timeout: .seconds(5)))
    }
  }

  func testHopsAreFastBecauseTheLoopWakesOnTheEventFDRatherThanPolling() {
    MainActor.assumeIsolated {
      GLibTestEnvironment.setUp()
      final class Flag: @unchecked Sendable { var hops = 0 }
      let flag = Flag()
      Task.detached {
        for _ in 0..<200 { await MainActor.run { flag.hops += 1 } }
      }
      // Block in g_main_context_iteration: with a polling bridge 200 hops
      // would take seconds; woken by the eventfd they take milliseconds.
      let start = ContinuousClock.now
      while flag.hops < 200, ContinuousClock.now - start < .seconds(20) {
        MainContext.iterate(blocking: true)
      }
      XCTAssertEqual(flag.hops, 200)
      print("200 main-actor hops through the GLib loop took \(ContinuousClock.now - start)")
    }
  }
}
