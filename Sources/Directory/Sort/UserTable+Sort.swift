extension UserTable {
  /// The positions of `candidates` (all people when nil) in `order`: each
  /// key compared in the user's locale (``CollationKeys``), people without a
  /// value after those with one, ties by username and then by position.
  /// Meant for a thread other than the main one (a million people take a
  /// few hundred milliseconds); nil if `isCancelled` turned true.
  public func sortedPositions(
    by order: PersonSort, within candidates: [Int]? = nil,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    var positions = candidates ?? Array(0..<userCount)
    var keys = order.keys
    if !keys.contains(where: { $0.field == .username }) { keys.append(.init(.username)) }
    var columns: [SortColumn] = []
    for key in keys {
      if isCancelled() { return nil }
      columns.append(SortColumn(key, table: self, positions: positions))
    }
    if isCancelled() { return nil }
    positions.sort { left, right in
      for column in columns {
        let order = column.compare(left, right)
        if order != 0 { return order < 0 }
      }
      return left < right
    }
    return isCancelled() ? nil : positions
  }
}

/// One key of a sort, ready to compare two people: a rank per value for
/// the fields many share (titles, departments, locations, roles), a
/// collation key per person for the others.
///
/// Threading: a value owned by one sort.
private struct SortColumn {
  private enum Ranks {
    /// Rank by a pool value's number (0: none).
    case pooled([UInt32], CompactColumn<UInt32>)
    /// A key per person, by their position.
    case own(CollationKeys, [Int32])
  }

  private let ranks: Ranks
  private let table: UserTable
  private let field: PersonField
  private let descending: Bool

  init(_ key: PersonSort.Key, table: UserTable, positions: [Int]) {
    self.table = table
    field = key.field
    descending = key.descending
    let pooled: CompactColumn<UInt32>? =
      switch key.field {
      case .title: table.columns.titles
      case .department: table.columns.departments
      case .location: table.columns.locations
      default: nil
      }
    if let pooled {
      let pool = table.columns.values
      let keys = CollationKeys(count: pool.count + 1) { pool.bytes(of: $0) }
      ranks = .pooled(keys.ranks(count: pool.count + 1), pooled)
    } else {
      // Only the people sorted get a key: a filtered list sorts its matches.
      var slot = [Int32](repeating: -1, count: table.userCount)
      for (k, position) in positions.enumerated() { slot[position] = Int32(k) }
      let keys = CollationKeys(count: positions.count) {
        table.filterBytes(key.field, at: positions[$0])
      }
      ranks = .own(keys, slot)
    }
  }

  /// -1, 0 or 1 as person `a` comes before, with or after person `b`; a
  /// person without a value comes last either way.
  @inline(__always)
  func compare(_ a: Int, _ b: Int) -> Int {
    let emptyA = table.filterBytes(field, at: a).isEmpty
    let emptyB = table.filterBytes(field, at: b).isEmpty
    if emptyA || emptyB { return emptyA == emptyB ? 0 : (emptyA ? 1 : -1) }
    let order: Int
    switch ranks {
    case .pooled(let rank, let column):
      let left = rank[Int(column[a])]
      let right = rank[Int(column[b])]
      order = left == right ? 0 : (left < right ? -1 : 1)
    case .own(let keys, let slot):
      order = keys.compare(Int(slot[a]), Int(slot[b]))
    }
    return descending ? -order : order
  }
}
