import Glibc
import SharedSupport
import XCTest

final class ThreadsTests: XCTestCase {
  /// The check that counts main-thread decodes rests on this: it must say
  /// false off the main thread, and true on it.
  func testOnlyTheFirstThreadIsMain() {
    XCTAssertTrue(DetachedThread.isMain)
    final class Seen: @unchecked Sendable {
      let done = Condition()
      var isMain: Bool?
      var name = ""
    }
    let seen = Seen()
    DetachedThread.start(name: "roster-test-thread-long-name") {
      let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
      let isMain = DetachedThread.isMain
      seen.done.withLock {
        seen.isMain = isMain
        seen.name = name.trimmed
        seen.done.signal()
      }
    }
    seen.done.withLock {
      while seen.isMain == nil { seen.done.wait() }
    }
    XCTAssertEqual(seen.isMain, false)
    XCTAssertEqual(seen.name, "roster-test-thr", "the kernel keeps 15 bytes of a name")
  }

  func testATimedWaitEndsWhenNothingSignals() {
    let condition = Condition()
    let signalled = condition.withLock { condition.wait(for: .milliseconds(20)) }
    XCTAssertFalse(signalled)
  }

  func testALockKeepsCountsWhole() {
    let lock = Lock()
    nonisolated(unsafe) var count = 0
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { lock.withLock { count += 1 } }
    }
    XCTAssertEqual(count, 80_000)
  }
}
