extension Duration {
  /// Whole nanoseconds, saturating.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    return overflow ? (seconds < 0 ? .min : .max) : scaled &+ attoseconds / 1_000_000_000
  }
}
