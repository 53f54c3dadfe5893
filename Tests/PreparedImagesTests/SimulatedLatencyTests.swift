import XCTest

@testable import PreparedImages

/// `--simulate-latency` with a seed: each image's delay is fixed by the seed and its source, so
/// a test that scrolls through slow avatars sees the same delays on every run.
final class SimulatedLatencyTests: XCTestCase {
  /// Never asked to load: only the delays are looked at.
  private struct Unused: ImageLoading {
    func load(_ source: ImageSource) async -> Result<LoadedBytes, ImageFailure> {
      .failure(.notFound)
    }
  }

  private func delays(seed: UInt64?) -> [Duration] {
    let loader = SimulatedLatencyLoader(
      base: Unused(), latency: .zero ... .milliseconds(1_000), seed: seed)
    return (0..<1_000).map { loader.delay(for: .file("/avatars/\($0).png")) }
  }

  func testASeededDelayIsTheSameOnEveryRunAndSpreadOverTheRange() {
    let delays = delays(seed: 13)
    XCTAssertEqual(delays, self.delays(seed: 13), "the same seed gave other delays")
    XCTAssertNotEqual(delays, self.delays(seed: 14), "the seed changed nothing")
    XCTAssertTrue(delays.allSatisfy { (.zero ... .milliseconds(1_000)).contains($0) })
    XCTAssertLessThan(delays.min()!, .milliseconds(20))
    XCTAssertGreaterThan(delays.max()!, .milliseconds(980))
    let mean = delays.reduce(.zero, +) / delays.count
    XCTAssertGreaterThan(mean, .milliseconds(450))
    XCTAssertLessThan(mean, .milliseconds(550))
  }

  func testWithoutASeedEachLoadDrawsItsOwnDelay() {
    XCTAssertNotEqual(delays(seed: nil), delays(seed: nil))
  }
}
