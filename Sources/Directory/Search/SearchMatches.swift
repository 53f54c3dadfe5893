/// What a search found: the people it matched exactly, then those it
/// matched only with a typo (``NearWord``), each in the order searched.
///
/// Threading: an immutable `Sendable` value.
public struct SearchMatches: Sendable, Equatable {
  /// Positions matched exactly.
  public var exact: [Int] = []
  /// Positions matched only with a typo in a word.
  public var near: [Int] = []

  public init(exact: [Int] = [], near: [Int] = []) {
    self.exact = exact
    self.near = near
  }

  /// The exact matches, then the near ones.
  public var ranked: [Int] { exact + near }

  /// How many there are.
  public var count: Int { exact.count + near.count }
}

/// How one person matches a query.
///
/// Threading: a plain value.
enum MatchGrade: UInt8 {
  case none, exact, near
}
