import SharedSupport

/// Decode times: counts in doubling buckets for the picture, plus the most recent samples for
/// exact percentiles.
///
/// Threading: a value; ``StatisticsRecorder`` keeps one under its lock.
struct DecodeTimeHistogram: Sendable {
  /// Upper bounds of the buckets; the last bucket has none.
  static let bucketBounds: [Duration] = [0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256].map {
    .microseconds(Int($0 * 1000))
  }
  private static let sampleCapacity = 8192

  private(set) var counts = [Int](repeating: 0, count: bucketBounds.count + 1)
  private var samples: [Duration] = []
  private var nextSample = 0

  mutating func record(_ duration: Duration) {
    let bucket = Self.bucketBounds.firstIndex { duration <= $0 } ?? Self.bucketBounds.count
    counts[bucket] += 1
    if samples.count < Self.sampleCapacity {
      samples.append(duration)
    } else {
      samples[nextSample] = duration
      nextSample = (nextSample + 1) % Self.sampleCapacity
    }
  }

  /// The recent samples' percentiles (SharedSupport's one rounding rule).
  var percentiles: Percentiles<Duration> { Percentiles(samples) }

  var buckets: [ImagePipelineStatistics.DecodeTimeBucket] {
    counts.enumerated().map { index, count in
      .init(
        upperBound: index < Self.bucketBounds.count ? Self.bucketBounds[index] : nil, count: count)
    }
  }
}
