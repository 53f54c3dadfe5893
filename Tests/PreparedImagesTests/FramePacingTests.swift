import XCTest

@testable import PreparedImages

/// When a decode may start around the app's frames: every rule of ``FramePacing``, on made-up
/// instants.
final class FramePacingTests: XCTestCase {
  private let start = ContinuousClock.now
  private let frame: Duration = .microseconds(16_667)
  private let decode: Duration = .milliseconds(1)

  private func at(_ milliseconds: Double) -> ContinuousClock.Instant {
    start + .microseconds(Int64(milliseconds * 1000))
  }

  private func pacing(beganAt began: Double? = nil, ended: Bool = true) -> FramePacing {
    var pacing = FramePacing(maxHold: .milliseconds(33))
    if let began {
      pacing.frameBegan(at: at(began), refreshInterval: frame)
      if ended { pacing.frameEnded() }
    }
    return pacing
  }

  func testWithoutFramesADecodeStartsAtOnce() {
    XCTAssertEqual(pacing().decision(expected: decode, now: at(5), waitingSince: at(5)), .start)
  }

  func testDuringAFrameADecodeWaitsForItsEndAtMostTheLongestHold() {
    let drawing = pacing(beganAt: 0, ended: false)
    XCTAssertEqual(
      drawing.decision(expected: decode, now: at(2), waitingSince: at(1)), .wait(until: at(34)))
    XCTAssertEqual(
      drawing.decision(expected: decode, now: at(34), waitingSince: at(1)), .start,
      "held as long as it may be: it goes, so frames that never end cannot starve decoding")
  }

  func testBetweenFramesADecodeStartsWhenItFitsBeforeTheNextFrameIsDue() {
    let between = pacing(beganAt: 0)
    XCTAssertEqual(between.decision(expected: decode, now: at(4), waitingSince: at(4)), .start)
    // 15.5 + 1 + 0.5 passes 16.667: it would run into the next frame.
    XCTAssertEqual(
      between.decision(expected: decode, now: at(15.5), waitingSince: at(15.5)),
      .wait(until: start + frame))
    XCTAssertEqual(
      between.decision(expected: .milliseconds(13), now: at(4), waitingSince: at(4)),
      .wait(until: start + frame), "a long decode waits for a longer gap")
  }

  func testADueFrameThatHasNotBegunIsWaitedFor() {
    let due = pacing(beganAt: 0)
    XCTAssertEqual(
      due.decision(expected: decode, now: at(17), waitingSince: at(15)),
      .wait(until: start + frame * 2.5))
  }

  func testOnceFramesStopDecodesStartAtOnce() {
    let stopped = pacing(beganAt: 0)
    XCTAssertEqual(stopped.decision(expected: decode, now: at(42), waitingSince: at(42)), .start)
  }

  func testTheRefreshIntervalFollowsTheFrameClock() {
    var fast = FramePacing(maxHold: .milliseconds(33))
    fast.frameBegan(at: at(0), refreshInterval: .microseconds(8_333))
    fast.frameEnded()
    XCTAssertEqual(
      fast.decision(expected: decode, now: at(7.5), waitingSince: at(7.5)),
      .wait(until: at(8.333)), "at 120 Hz the next frame is due 8.3 ms after the last")
    fast.frameBegan(at: at(9), refreshInterval: nil)
    fast.frameEnded()
    XCTAssertEqual(
      fast.decision(expected: decode, now: at(16), waitingSince: at(16)), .wait(until: at(17.333)),
      "a frame without a known interval keeps the last one")
  }

  func testTwoWindowsDrawingHoldDecodesUntilBothEnd() {
    var two = FramePacing(maxHold: .milliseconds(33))
    two.frameBegan(at: at(0), refreshInterval: frame)
    two.frameBegan(at: at(1), refreshInterval: frame)
    two.frameEnded()
    XCTAssertEqual(
      two.decision(expected: decode, now: at(3), waitingSince: at(3)), .wait(until: at(36)))
    two.frameEnded()
    XCTAssertEqual(two.decision(expected: decode, now: at(4), waitingSince: at(3)), .start)
  }

  func testAZeroHoldNeverWaits() {
    var off = FramePacing(maxHold: .zero)
    off.frameBegan(at: at(0), refreshInterval: frame)
    XCTAssertEqual(off.decision(expected: decode, now: at(1), waitingSince: at(1)), .start)
  }
}
