import Foundation
import XCTest

/// Deliberate bugs that prove a sanitizer run fails when the sanitizer
/// reports something: scripts/sanitize.sh runs them once after the real
/// tests, with ROSTER_SANITIZER_CANARY set to the sanitizer's kind, and
/// fails unless that run fails. Without the variable (every normal run)
/// they are skipped and do nothing.
///
/// Threading: each test starts its own threads; nothing is shared between
/// tests.
final class SanitizerCanaryTests: XCTestCase {
  /// Two threads write one variable with no synchronisation: Thread
  /// Sanitizer reports a data race.
  func testADeliberateDataRaceIsReported() throws {
    try Self.requireCanary("thread")
    let racer = Racer()
    let done = DispatchGroup()
    for _ in 0..<2 {
      done.enter()
      Thread.detachNewThread {
        for _ in 0..<1_000 { racer.count += 1 }
        done.leave()
      }
    }
    done.wait()
    XCTAssertGreaterThan(racer.count, 0)
  }

  /// A read one byte past a heap allocation: Address Sanitizer reports a
  /// heap-buffer-overflow.
  func testADeliberateOverflowIsReported() throws {
    try Self.requireCanary("address")
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 4)
    defer { bytes.deallocate() }
    bytes.initialize(repeating: 1, count: 4)
    XCTAssertGreaterThanOrEqual(bytes[4], 0)
  }

  private static func requireCanary(_ kind: String) throws {
    guard ProcessInfo.processInfo.environment["ROSTER_SANITIZER_CANARY"] == kind else {
      throw XCTSkip("a deliberate bug, run only by scripts/sanitize.sh to check it is reported")
    }
  }
}

/// Shared with no lock on purpose (see `testADeliberateDataRaceIsReported`).
///
/// Threading: deliberately unsafe; `@unchecked Sendable` so the race compiles.
private final class Racer: @unchecked Sendable {
  var count = 0
}
