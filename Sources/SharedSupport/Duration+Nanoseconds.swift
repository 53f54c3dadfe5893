/// Durations as whole nanoseconds, for the C and Dispatch calls that take them.
///
/// Threading: pure, any thread.
extension Duration {
  /// Whole nanoseconds, saturating.
  public var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? (seconds < 0 ? .min : .max) : scaled &+ attoseconds / 1_000_000_000
  }
}
