/// Which pages a ``RangedListModel`` wants, in the order to fetch them:
/// the pages of the visible rows first, then those of one screen ahead in
/// the direction of the last scroll (the lesson of prefetching ahead of the
/// viewport, applied to the rows' data).
///
/// Threading: a plain value, owned by its model on the main actor.
struct WantedPages {
  /// The rows on screen, as the owner last said.
  private(set) var visible: Range<Int> = 0..<0
  /// Whether the last move went towards the end.
  private(set) var forward = true

  /// Moves to `range`, taking the direction from where it was.
  mutating func move(to range: Range<Int>) {
    if range.lowerBound != visible.lowerBound { forward = range.lowerBound > visible.lowerBound }
    visible = range
  }

  /// One screen past the visible rows in the scroll direction.
  var ahead: Range<Int> {
    let screen = visible.count
    if forward { return visible.upperBound..<(visible.upperBound + screen) }
    return max(visible.lowerBound - screen, 0)..<visible.lowerBound
  }

  /// The pages wanted in a list of `count` positions: visible ones first,
  /// then the ones ahead, nearest first.
  func wantedPages(pageSize: Int, count: Int) -> [Int] {
    let all = 0..<count
    let shown = Self.pages(covering: visible.clamped(to: all), pageSize: pageSize)
    let next = Self.pages(covering: ahead.clamped(to: all), pageSize: pageSize)
    let nearestFirst = forward ? Array(next) : next.reversed()
    return Array(shown) + nearestFirst.filter { !shown.contains($0) }
  }

  /// The pages of the visible rows (kept in the cache whatever their age).
  func visiblePages(pageSize: Int) -> Range<Int> {
    Self.pages(covering: visible, pageSize: pageSize)
  }

  /// The page numbers holding `positions`.
  static func pages(covering positions: Range<Int>, pageSize: Int) -> Range<Int> {
    guard !positions.isEmpty else { return 0..<0 }
    return (positions.lowerBound / pageSize)..<((positions.upperBound - 1) / pageSize + 1)
  }
}
