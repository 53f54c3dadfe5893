/// One key of a sort as a rank per person: people who sort together share
/// a rank, a smaller rank comes first (a descending key's ranks run
/// backwards), and a person without a value has the largest rank, last in
/// either direction.
///
/// The fields many people share (titles, departments, locations, roles)
/// rank their few distinct values in the user's locale; the others make a
/// collation key per person (``CollationKeys``) and rank those by their
/// bytes (``ByteRanks``).
///
/// Threading: pure functions; run them off the main thread.
enum SortRanks {
  /// The rank of nobody's value: after everyone's.
  static let missing = UInt32.max

  /// `key`'s rank for each of the people at `positions` of `table`, in that order.
  static func ranks(of key: PersonSort.Key, in table: UserTable, at positions: [Int]) -> [UInt32] {
    var ranks =
      switch key.field {
      case .title: pooled(table.columns.titles, table, positions)
      case .department: pooled(table.columns.departments, table, positions)
      case .location: pooled(table.columns.locations, table, positions)
      case .role: roles(table, positions)
      default: own(key.field, table, positions)
      }
    if key.descending, let largest = ranks.lazy.filter({ $0 != missing }).max() {
      for k in ranks.indices where ranks[k] != missing { ranks[k] = largest - ranks[k] }
    }
    return ranks
  }

  /// Dense ranks (0, 1, 2, … with equal keys sharing one) of `count` keys.
  static func dense(count: Int, key: (Int) -> UInt64) -> [UInt32] {
    var entries = (0..<count).map { SortEntry(key: key($0), slot: UInt32($0)) }
    entries.radixSortByKey()
    var ranks = [UInt32](repeating: 0, count: count)
    var rank: UInt32 = 0
    for k in entries.indices {
      if k > 0 && entries[k].key != entries[k - 1].key { rank += 1 }
      ranks[Int(entries[k].slot)] = rank
    }
    return ranks
  }

  /// Ranks through a column of pool numbers: the pool's values ranked once.
  private static func pooled(
    _ column: NarrowColumn, _ table: UserTable, _ positions: [Int]
  ) -> [UInt32] {
    let pool = table.columns.values
    let byValue = CollationKeys(count: pool.count + 1) { pool.bytes(of: $0) }
      .ranks(count: pool.count + 1)
    return positions.map { position in
      let value = Int(column[position])
      return pool.bytes(of: value).isEmpty ? missing : byValue[value]
    }
  }

  /// Ranks of the four roles by their names in the user's locale.
  private static func roles(_ table: UserTable, _ positions: [Int]) -> [UInt32] {
    let all: [Role] = [.user, .owner, .admin, .unknown]
    let keys = CollationKeys(count: all.count) { all[$0].jsonBytes }
    let ranks = keys.ranks(count: all.count)
    return positions.map { position in
      let role = table.role(at: position)
      return role == .unknown ? missing : ranks[all.firstIndex(of: role)!]
    }
  }

  /// Ranks of a field each person holds their own text for: their
  /// collation keys ranked by their bytes (``ByteRanks``).
  private static func own(_ field: PersonField, _ table: UserTable, _ positions: [Int]) -> [UInt32]
  {
    let keys = CollationKeys(count: positions.count) {
      table.filterBytes(field, at: positions[$0])
    }
    var ranks = keys.withKeys { ByteRanks.of(count: positions.count, bytes: $0) }
    for k in positions.indices where table.filterBytes(field, at: positions[k]).isEmpty {
      ranks[k] = missing
    }
    return ranks
  }
}
