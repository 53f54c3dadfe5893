/// A tiny seeded random number generator (SplitMix64), so generated data and
/// a test's random steps are the same on every run and machine;
/// `SystemRandomNumberGenerator` is not.
///
/// Threading: a value; `Sendable`. Each copy advances on its own.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound`; cheaper than `Int.random(in:using:)`
  /// in the generators' hot loops, and stable across Swift versions.
  public mutating func next(below bound: Int) -> Int {
    precondition(bound > 0)
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  /// A uniform value in `0..<1`.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }
}
