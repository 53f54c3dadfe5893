import SharedSupport
import XCTest

/// A gate lets its waiters go when it opens, and ever after; a wait with a
/// limit ends at the limit and opens the gate for everyone.
final class GateTests: XCTestCase {
  func testWaitersGoOnWhenItOpensAndLaterWaitsReturnAtOnce() async {
    let gate = Gate()
    XCTAssertFalse(gate.isOpen)
    let waiter = Task {
      await gate.wait()
      return gate.isOpen
    }
    gate.open()
    let sawItOpen = await waiter.value
    XCTAssertTrue(sawItOpen, "a waiter went on before the gate opened")
    await gate.wait()
    XCTAssertTrue(gate.isOpen)
  }

  func testAWaitWithALimitEndsThereAndOpensTheGate() async {
    let gate = Gate()
    let clock = ContinuousClock()
    let started = clock.now
    await gate.wait(atMost: .milliseconds(50))
    XCTAssertGreaterThanOrEqual(clock.now - started, .milliseconds(50))
    XCTAssertTrue(gate.isOpen, "the limit opened the gate")
  }

  func testAWaitWithALimitReturnsWhenTheGateOpensFirst() async {
    let gate = Gate()
    let waiter = Task { await gate.wait(atMost: .seconds(3600)) }
    gate.open()
    await waiter.value
    XCTAssertTrue(gate.isOpen)
  }
}
