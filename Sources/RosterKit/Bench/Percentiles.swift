/// Percentiles the way shared/tools/run-floor computes them: sort, then take
/// the element at floor(p × (n − 1)).
///
/// Threading: pure, any thread.
struct Percentiles {
  private let sorted: [Double]

  init(_ values: [Double]) { sorted = values.sorted() }

  var count: Int { sorted.count }

  func callAsFunction(_ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[Int((p * Double(sorted.count - 1)).rounded(.down))]
  }
}
