/// Whether a soak leaked, from its samples after the warm-up: the resident
/// set, less the prepared images in the memory cache, may grow by at most
/// ``rssSlopeLimit`` MiB a minute (least-squares slope), and descriptors,
/// rows and image tasks must stay flat (their range within
/// ``flatAllowance(_:)``). The cache is left out because it is bounded by
/// its own budget (16 MiB by default) and, over a million people, is still filling
/// long after the first minute: that growth is the cache doing its job and
/// stops at the budget; the resident set with it is reported as well.
///
/// Threading: `Sendable` value.
public struct SoakVerdict: Sendable {
  /// The most the resident set may grow, MiB per minute.
  public static let rssSlopeLimit = 0.5

  /// Samples the verdict rests on (after the warm-up).
  public let sampleCount: Int
  /// Least-squares growth of the resident set less the memory cache's
  /// images, MiB per minute (the goal).
  public let rssSlope: Double
  /// Least-squares growth of the whole resident set, MiB per minute.
  public let totalRSSSlope: Double
  /// Lowest and highest figures after the warm-up.
  public let descriptors: ClosedRange<Int>
  public let rows: ClosedRange<Int>
  public let tasks: ClosedRange<Int>

  /// Judges `samples`, leaving out those before `warmUpSeconds`.
  public init(samples: [SoakSample], warmUpSeconds: Double) {
    let judged = samples.filter { $0.seconds >= warmUpSeconds }
    sampleCount = judged.count
    rssSlope = Self.slope(
      judged.map { ($0.seconds / 60, $0.residentMiB - Double($0.memoryCacheBytes) / 1_048_576) })
    totalRSSSlope = Self.slope(judged.map { ($0.seconds / 60, $0.residentMiB) })
    descriptors = Self.range(judged.map(\.descriptors))
    rows = Self.range(judged.map(\.rows))
    tasks = Self.range(judged.map(\.tasks))
  }

  /// Whether every goal is met (and there were samples enough to tell).
  public var passed: Bool {
    sampleCount >= 2 && rssSlope <= Self.rssSlopeLimit
      && [descriptors, rows, tasks].allSatisfy(Self.isFlat)
  }

  /// The summary line `roster-dev soak` prints.
  public var summary: String {
    func text(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound)-\(range.upperBound)" }
    return "soak: RSS slope \(String(format: "%.3f", rssSlope)) MiB/min beyond the image cache "
      + "(goal <= \(Self.rssSlopeLimit); \(String(format: "%.3f", totalRSSSlope)) with it), fds \(text(descriptors)), rows \(text(rows)), "
      + "tasks \(text(tasks)) after the warm-up (\(sampleCount) samples): "
      + (passed ? "PASS" : "FAIL")
  }

  /// How far a flat series may move: two, or 5% of its lowest value (GTK
  /// keeps a few more or fewer rows bound depending on where the list stopped).
  public static func flatAllowance(_ range: ClosedRange<Int>) -> Int {
    max(2, range.lowerBound / 20)
  }

  static func isFlat(_ range: ClosedRange<Int>) -> Bool {
    range.upperBound - range.lowerBound <= flatAllowance(range)
  }

  /// The least-squares slope of y over x (0 for fewer than two distinct x).
  public static func slope(_ points: [(x: Double, y: Double)]) -> Double {
    guard points.count >= 2 else { return 0 }
    let n = Double(points.count)
    let meanX = points.reduce(0) { $0 + $1.x } / n
    let meanY = points.reduce(0) { $0 + $1.y } / n
    var covariance = 0.0
    var variance = 0.0
    for point in points {
      covariance += (point.x - meanX) * (point.y - meanY)
      variance += (point.x - meanX) * (point.x - meanX)
    }
    return variance > 0 ? covariance / variance : 0
  }

  private static func range(_ values: [Int]) -> ClosedRange<Int> {
    (values.min() ?? 0)...(values.max() ?? 0)
  }
}
