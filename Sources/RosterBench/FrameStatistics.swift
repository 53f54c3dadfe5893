import RosterKit

/// Frame statistics with exactly run-floor's definitions: a hitch is a frame
/// interval over 1.5 refresh intervals and costs (interval − refresh)
/// (``FrameTimeline/hitchCost(ofInterval:)``, the HUD's rule too);
/// hitch_ms_per_s is total hitch time over seconds scrolled; frame work is
/// before-paint to after-paint wall time (its percentiles are the report's);
/// main-thread busy time is all main-loop work, per second of wall time;
/// page faults a frame are the main thread's minor faults inside frames.
///
/// Threading: `Sendable` value.
struct FrameStatistics: Sendable {
  var frames: Int
  var fps: Double
  var maxIntervalMilliseconds: Double
  var hitchMillisecondsPerSecond: Double
  /// Main-thread work per frame in milliseconds.
  var work: [Double]
  /// Of each frame's work, the milliseconds on a CPU and waiting for one
  /// (``FrameTimeSplit``; empty when not measured).
  var workCPU: [Double]
  var workRunQueue: [Double]
  /// Each frame's minor page faults on the main thread (empty when not measured).
  var workPageFaults: [Int]
  /// Wall time of each bind in microseconds.
  var binds: [Double]
  /// Wall time of each unbind in microseconds.
  var unbinds: [Double]
  /// Main-thread busy milliseconds per second while recording; nil if nothing was recorded.
  var busyMillisecondsPerSecond: Double?

  /// The mean of ``workPageFaults``; nil without frames.
  var pageFaultsPerFrame: Double? {
    workPageFaults.isEmpty
      ? nil : Double(workPageFaults.reduce(0, +)) / Double(workPageFaults.count)
  }

  init(
    intervals: [Double], work: [Double], workCPU: [Double] = [], workRunQueue: [Double] = [],
    workPageFaults: [Int] = [], binds: [Double], unbinds: [Double],
    busyMilliseconds: Double, busyWallMilliseconds: Double
  ) {
    let total = intervals.reduce(0, +)
    frames = intervals.count
    fps = total > 0 ? 1000 * Double(intervals.count) / total : 0
    maxIntervalMilliseconds = intervals.max() ?? 0
    let hitch = intervals.reduce(0) { $0 + FrameTimeline.hitchCost(ofInterval: $1) }
    hitchMillisecondsPerSecond = total > 0 ? hitch / (total / 1000) : 0
    self.work = work
    self.workCPU = workCPU
    self.workRunQueue = workRunQueue
    self.workPageFaults = workPageFaults
    self.binds = binds
    self.unbinds = unbinds
    busyMillisecondsPerSecond =
      busyWallMilliseconds > 0 ? busyMilliseconds / (busyWallMilliseconds / 1000) : nil
  }
}
