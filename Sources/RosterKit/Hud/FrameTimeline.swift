/// The last frames' intervals, for the HUD: a fixed ring (no allocation per
/// frame) with the figures run-floor reports, over the last second.
///
/// Threading: a plain value, used on the main actor.
package struct FrameTimeline {
  /// How many intervals the sparkline shows.
  static let capacity = 120
  /// The refresh interval hitches are measured against (60 Hz).
  static let refreshMilliseconds = 1000.0 / 60

  /// run-floor's hitch rule, for the HUD and the bench alike: a frame
  /// interval over 1.5 refresh intervals is a hitch and costs
  /// (interval − refresh) milliseconds; any other interval costs nothing.
  package static func hitchCost(ofInterval interval: Double) -> Double {
    interval > 1.5 * refreshMilliseconds ? interval - refreshMilliseconds : 0
  }

  private var intervals = [Double](repeating: 0, count: capacity)
  private var next = 0
  private(set) var count = 0
  private var lastFrameMicroseconds: Int64 = 0

  /// Records the frame clock's time of a new frame.
  mutating func frame(at microseconds: Int64) {
    defer { lastFrameMicroseconds = microseconds }
    guard lastFrameMicroseconds != 0, microseconds > lastFrameMicroseconds else { return }
    intervals[next] = Double(microseconds - lastFrameMicroseconds) / 1000
    next = (next + 1) % Self.capacity
    count = min(count + 1, Self.capacity)
  }

  /// Forgets the last frame time (after a pause, so it does not read as a hitch).
  mutating func pause() { lastFrameMicroseconds = 0 }

  /// The intervals in milliseconds, oldest first.
  func forEachInterval(_ body: (Double) -> Void) {
    let start = (next - count + Self.capacity) % Self.capacity
    for offset in 0..<count { body(intervals[(start + offset) % Self.capacity]) }
  }

  /// Frames per second and hitch time per second over the newest frames that
  /// add up to about one second.
  var recent: (fps: Double, hitchMillisecondsPerSecond: Double) {
    var elapsed = 0.0
    var frames = 0
    var hitch = 0.0
    var index = next
    for _ in 0..<count {
      index = (index - 1 + Self.capacity) % Self.capacity
      let interval = intervals[index]
      elapsed += interval
      frames += 1
      hitch += Self.hitchCost(ofInterval: interval)
      if elapsed >= 1000 { break }
    }
    guard elapsed > 0 else { return (0, 0) }
    return (Double(frames) * 1000 / elapsed, hitch * 1000 / elapsed)
  }
}
