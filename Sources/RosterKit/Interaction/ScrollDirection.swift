/// Which way a scroll position last moved, told from its successive values:
/// 1 down (the value grew), -1 up, 0 before it first moved. A value that
/// did not move keeps the direction it had.
///
/// Threading: a value; each owner keeps its own.
struct ScrollDirection {
  /// 1 down, -1 up, 0 not yet.
  private(set) var current = 0
  private var lastPosition: Double?

  /// Takes the scroll position `position` and returns the direction now.
  @discardableResult
  mutating func moved(to position: Double) -> Int {
    if let lastPosition, position != lastPosition { current = position > lastPosition ? 1 : -1 }
    lastPosition = position
    return current
  }
}
