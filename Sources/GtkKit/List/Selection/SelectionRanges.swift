/// A set of list positions held as sorted, disjoint ranges: selecting a
/// million positions is one range, not a million entries.
///
/// Ranges never touch or overlap (`0..<3` and `3..<5` are kept as `0..<5`),
/// so two sets with the same positions are equal.
///
/// Threading: a plain value; `Sendable`.
public struct SelectionRanges: Equatable, Sendable, CustomStringConvertible {
  /// The ranges, sorted, non-empty, neither touching nor overlapping.
  public private(set) var ranges: [Range<Int>] = []
  /// How many positions the set holds.
  public private(set) var count = 0

  /// An empty set.
  public init() {}

  /// The positions of `range`.
  public init(_ range: Range<Int>) {
    insert(range)
  }

  /// The positions of `ranges`, in any order, overlapping or not.
  public init(_ ranges: some Sequence<Range<Int>>) {
    for range in ranges { insert(range) }
  }

  /// Whether no position is in the set.
  public var isEmpty: Bool { ranges.isEmpty }
  /// The lowest position in the set.
  public var first: Int? { ranges.first?.lowerBound }
  /// The highest position in the set.
  public var last: Int? { ranges.last.map { $0.upperBound - 1 } }
  /// From the lowest position to the highest, nil when empty.
  public var span: Range<Int>? {
    guard let first = ranges.first, let last = ranges.last else { return nil }
    return first.lowerBound..<last.upperBound
  }

  public var description: String {
    "[" + ranges.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ") + "]"
  }

  /// Whether `position` is in the set (a binary search).
  public func contains(_ position: Int) -> Bool {
    let index = firstIndex(endingAfter: position)
    return index < ranges.count && ranges[index].lowerBound <= position
  }

  /// The index of the first range whose end lies after `position`.
  private func firstIndex(endingAfter position: Int) -> Int {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound <= position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Adds the positions of `range`.
  public mutating func insert(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    // Every range touching or overlapping `range` merges into one.
    let start = firstIndex(endingAfter: range.lowerBound - 1)
    var end = start
    var merged = range
    while end < ranges.count, ranges[end].lowerBound <= range.upperBound {
      merged =
        min(
          merged.lowerBound, ranges[end].lowerBound)..<max(
          merged.upperBound, ranges[end].upperBound)
      count -= ranges[end].count
      end += 1
    }
    ranges.replaceSubrange(start..<end, with: [merged])
    count += merged.count
  }

  /// Adds every position of `other`.
  public mutating func formUnion(_ other: SelectionRanges) {
    for range in other.ranges { insert(range) }
  }

  /// Removes the positions of `range`.
  public mutating func remove(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    let start = firstIndex(endingAfter: range.lowerBound)
    var end = start
    var kept: [Range<Int>] = []
    while end < ranges.count, ranges[end].lowerBound < range.upperBound {
      let old = ranges[end]
      count -= old.count
      if old.lowerBound < range.lowerBound { kept.append(old.lowerBound..<range.lowerBound) }
      if old.upperBound > range.upperBound { kept.append(range.upperBound..<old.upperBound) }
      end += 1
    }
    for piece in kept { count += piece.count }
    ranges.replaceSubrange(start..<end, with: kept)
  }

  /// Removes every position of `other`.
  public mutating func subtract(_ other: SelectionRanges) {
    for range in other.ranges { remove(range) }
  }

  /// The positions both sets hold.
  public func intersection(_ other: SelectionRanges) -> SelectionRanges {
    var result = SelectionRanges()
    for range in other.ranges {
      for piece in self.ranges(overlapping: range) { result.insert(piece) }
    }
    return result
  }

  /// The parts of the set inside `window`, in order.
  public func ranges(overlapping window: Range<Int>) -> [Range<Int>] {
    guard !window.isEmpty else { return [] }
    var result: [Range<Int>] = []
    var index = firstIndex(endingAfter: window.lowerBound)
    while index < ranges.count, ranges[index].lowerBound < window.upperBound {
      result.append(ranges[index].clamped(to: window))
      index += 1
    }
    return result
  }

  /// Follows a list's change: `removed` positions at `position` went and
  /// `added` new ones (not in the set) took their place. Positions after
  /// the change move with it.
  public mutating func splice(at position: Int, removed: Int, added: Int) {
    guard removed > 0 || added > 0 else { return }
    remove(position..<(position + removed))
    let shift = added - removed
    guard shift != 0 else { return }
    var moved: [Range<Int>] = []
    moved.reserveCapacity(ranges.count + 1)
    func append(_ range: Range<Int>) {
      guard !range.isEmpty else { return }
      // The two sides of a removal may now touch.
      if let last = moved.last, last.upperBound == range.lowerBound {
        moved[moved.count - 1] = last.lowerBound..<range.upperBound
      } else {
        moved.append(range)
      }
    }
    for range in ranges {
      if range.upperBound <= position {
        append(range)
      } else if range.lowerBound >= position + removed {
        append((range.lowerBound + shift)..<(range.upperBound + shift))
      } else {
        // Straddles the change (only possible when nothing was removed):
        // the added positions split it.
        append(range.lowerBound..<position)
        append((position + added)..<(range.upperBound + shift))
      }
    }
    ranges = moved
  }

  /// Every position, lowest first.
  public var positions: some Sequence<Int> { ranges.lazy.flatMap { $0 } }
}
