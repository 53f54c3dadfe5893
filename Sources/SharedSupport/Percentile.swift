/// Percentiles of a set of samples, with one rule everywhere: sort, then take
/// the element at floor(fraction × (count − 1)) — how run-floor
/// computes them, so figures from the app and from run-floor compare.
///
/// Sorts once at creation; ask for as many fractions as needed.
///
/// Threading: a value; `Sendable` when its samples are.
public struct Percentiles<Value: Comparable> {
  private let sorted: [Value]

  /// Sorts `values` once.
  public init(_ values: some Sequence<Value>) { sorted = values.sorted() }

  /// How many samples there are.
  public var count: Int { sorted.count }

  /// The `fraction` percentile (0 is the minimum, 0.5 the median, 1 the
  /// maximum; clamped to 0...1), or nil when there are no samples.
  public func callAsFunction(_ fraction: Double) -> Value? {
    guard !sorted.isEmpty else { return nil }
    let clamped = min(max(fraction, 0), 1)
    return sorted[Int((clamped * Double(sorted.count - 1)).rounded(.down))]
  }
}

extension Percentiles: Sendable where Value: Sendable {}
