import FoundationEssentials
import SharedSupport

/// The pipeline's counters, bumped from any thread.
///
/// Threading: `Sendable`; each method takes `lock` once.
final class StatisticsRecorder: @unchecked Sendable {
  private let lock = Lock()
  private var counters = Counters()

  struct Counters: Sendable {
    var memoryHits = 0
    var memoryMisses = 0
    var fileLoads = 0
    var httpLoads = 0
    var providedLoads = 0
    var diskHits = 0
    var revalidations = 0
    var notModified = 0
    var staleServed = 0
    var decodes = 0
    var mainThreadDecodes = 0
    var decodeTimes = DecodeTimeHistogram()
    var decodesHeldForFrames = 0
    var decodesInNormalClass = 0
    var decodeHoldTime: Duration = .zero
    var subscriptions = 0
    var priorityChanges = 0
    var coalescedRequests = 0
    var cancellations = 0
    var staleDrops = 0
    var failures: [String: Int] = [:]
  }

  func update(_ change: (inout Counters) -> Void) {
    lock.withLock { change(&counters) }
  }

  func recordDecode(_ duration: Duration, onMainThread: Bool) {
    lock.withLock {
      counters.decodes += 1
      if onMainThread { counters.mainThreadDecodes += 1 }
      counters.decodeTimes.record(duration)
    }
  }

  /// Every counter back to zero.
  func reset() {
    lock.withLock { counters = Counters() }
  }

  func recordFailure(_ failure: ImageFailure) {
    lock.withLock { counters.failures[failure.reason, default: 0] += 1 }
  }

  var snapshot: Counters { lock.withLock { counters } }
}
