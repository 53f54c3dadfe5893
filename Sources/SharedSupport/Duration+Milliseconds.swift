/// Durations as the fractional milliseconds people and reports read.
///
/// Threading: pure, any thread.
extension Duration {
  /// This duration in milliseconds, fractions kept (attosecond precision
  /// folded into a `Double`): `.microseconds(1500).inMilliseconds == 1.5`.
  public var inMilliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
