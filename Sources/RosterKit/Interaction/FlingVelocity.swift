/// The speed a drag is released at, from its last motion samples.
///
/// A least-squares line through the samples of the last ``window`` seconds
/// (and the one just before, so a lone last sample still has a run-up),
/// rather than the first and last alone: the slope weighs every sample, so
/// one burst of queued motion events with nearly the same timestamp cannot
/// decide the speed on its own. Samples at the same instant count once
/// (the last position wins). The result is capped at ``maxVelocity``
/// (Android caps flings at 8,000 px/s), and is zero when the pointer rested
/// more than ``restTime`` before release: that means "put it here".
///
/// Threading: a plain `Sendable` value.
struct FlingVelocity: Sendable {
  static let window = 0.1
  static let restTime = 0.05
  /// The default cap, in points per second.
  static let defaultMaxVelocity = 8_000.0

  var maxVelocity = defaultMaxVelocity
  private var samples: [(time: Double, position: Double)] = []

  init(maxVelocity: Double = defaultMaxVelocity) { self.maxVelocity = maxVelocity }

  mutating func reset() { samples.removeAll(keepingCapacity: true) }

  /// Records where the pointer was at `time` (seconds).
  mutating func add(time: Double, position: Double) {
    if let last = samples.last, last.time >= time {
      samples[samples.count - 1].position = position
    } else {
      samples.append((time, position))
    }
    if samples.count > 64 { samples.removeFirst(samples.count - 32) }
  }

  /// Points per second at a release at `time`, in the direction positions grow.
  func velocity(releasedAt time: Double) -> Double {
    guard let last = samples.last, time - last.time <= Self.restTime else { return 0 }
    let start = samples.lastIndex { last.time - $0.time > Self.window } ?? 0
    let recent = samples[start...]
    guard recent.count >= 2 else { return 0 }
    let meanTime = recent.reduce(0) { $0 + $1.time } / Double(recent.count)
    let meanPosition = recent.reduce(0) { $0 + $1.position } / Double(recent.count)
    var covariance = 0.0
    var variance = 0.0
    for sample in recent {
      covariance += (sample.time - meanTime) * (sample.position - meanPosition)
      variance += (sample.time - meanTime) * (sample.time - meanTime)
    }
    guard variance > 0 else { return 0 }
    return min(max(covariance / variance, -maxVelocity), maxVelocity)
  }
}
