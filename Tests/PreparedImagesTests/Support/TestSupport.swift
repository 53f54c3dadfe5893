import Foundation

@testable import PreparedImages

/// A fresh folder under /tmp, removed when the object goes.
final class TemporaryDirectory {
  let url: URL
  var path: String { url.path }

  init() {
    url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
      .appendingPathComponent("roster-images-tests-\(UUID().uuidString)", isDirectory: true)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `bytes` to `name` (subfolders created) and returns the absolute path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) -> String {
    let file = url.appendingPathComponent(name)
    try! FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try! Data(bytes).write(to: file)
    return file.path
  }
}

extension ImagePipelineConfiguration {
  /// Short timeouts and no disk cache unless given: tests must never hang or touch ~/.cache.
  static func testing(disk: URL? = nil) -> ImagePipelineConfiguration {
    var configuration = ImagePipelineConfiguration()
    configuration.diskCacheDirectory = disk
    configuration.connectTimeout = .seconds(1)
    configuration.readTimeout = .seconds(1)
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

extension ImagePipeline {
  /// Waits until no task is in flight.
  func waitUntilIdle(timeout: Duration = .seconds(10)) async -> Bool {
    await waitUntil(timeout: timeout) { self.statistics().inFlight == 0 }
  }
}

/// What an ImageSlot applied, in order.
@MainActor
final class AppliedImages {
  private(set) var log: [(image: PreparedImage?, fadeIn: Bool)] = []
  var last: PreparedImage? { log.last?.image ?? nil }
  var lastFadeIn: Bool? { log.last?.fadeIn }
  var images: [PreparedImage] { log.compactMap(\.image) }

  func record(_ image: PreparedImage?, _ fadeIn: Bool) { log.append((image, fadeIn)) }
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
