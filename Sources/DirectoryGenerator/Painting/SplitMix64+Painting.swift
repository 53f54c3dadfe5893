import Directory

extension SplitMix64 {
  /// A uniform Float in 0..<1, the painters' usual draw.
  var unit: Float {
    mutating get { Float(nextUnit()) }
  }

  /// A uniform Float in `range`.
  mutating func float(in range: ClosedRange<Float>) -> Float {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit
  }
}
