import Foundation
import TestSupport

@testable import PreparedImages

extension ImagePipelineConfiguration {
  /// No disk cache unless given (tests must never touch ~/.cache), and
  /// connect and read timeouts of a minute, which only a failure reaches: a
  /// busy machine's local server can take over a second to answer, and a
  /// test that expects an avatar must not fail for that. A test of a
  /// timeout itself sets a short one. Decodes run in the normal scheduling
  /// class: on a busy machine every other thread wins over the idle class,
  /// and a test waiting for its decodes would wait on the machine's load
  /// (the decode thread's own test asks for the idle class).
  static func testing(disk: URL? = nil) -> ImagePipelineConfiguration {
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = disk
    configuration.connectTimeout = .seconds(60)
    configuration.readTimeout = .seconds(60)
    configuration.decodesInIdleClass = false
    return configuration
  }

  /// ``testing(disk:)`` with decodes in the idle class, as the app runs them.
  static func testingIdleClass() -> ImagePipelineConfiguration {
    var configuration = testing()
    configuration.decodesInIdleClass = true
    return configuration
  }
}

/// Lets the main actor run (deliveries arrive through the main queue) until `condition` holds.
@MainActor
func waitUntil(timeout: Duration = .seconds(10), _ condition: @MainActor () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return true
}

/// Runs everything queued on the main queue so far (deliveries among it): the queue runs in
/// order, so a marker queued now runs after all of them.
@MainActor
func drainMainQueue() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}

extension ImagePipeline {
  /// Waits until no task is in flight.
  func waitUntilIdle(timeout: Duration = .seconds(10)) async -> Bool {
    await waitUntil(timeout: timeout) { self.statistics().inFlight == 0 }
  }
}

/// What an ImageSlot applied, in order.
@MainActor
final class AppliedImages {
  private(set) var log: [(image: PreparedImage?, arrivedLate: Bool)] = []
  var last: PreparedImage? { log.last?.image ?? nil }
  var lastArrivedLate: Bool? { log.last?.arrivedLate }
  var images: [PreparedImage] { log.compactMap(\.image) }

  func record(_ image: PreparedImage?, _ arrivedLate: Bool) { log.append((image, arrivedLate)) }
}

/// Runs `work` on another thread and waits for it (`DispatchQueue.sync` would run it right
/// here, on the main thread).
func onBackgroundThread<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
  let done = DispatchSemaphore(value: 0)
  nonisolated(unsafe) var result: T?
  DispatchQueue.global().async {
    result = work()
    done.signal()
  }
  done.wait()
  return result!
}
