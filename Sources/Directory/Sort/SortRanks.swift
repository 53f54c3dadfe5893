/// One key of a sort as a rank per person: people who sort together share
/// a rank, a smaller rank comes first (a descending key's ranks run
/// backwards), and a person without a value has the largest rank, last in
/// either direction. Ranks need not be dense: only their order counts.
///
/// The fields many people share (titles, departments, locations, roles)
/// rank their few distinct values in the user's locale; the others make a
/// collation key per distinct text (``DistinctTexts``, ``CollationKeys``)
/// and rank those by their bytes (``ByteRanks``).
///
/// A field's ranks of everyone are kept with the table (``SortRankCache``)
/// and read again by later sorts, also within a subset of people; a small
/// subset whose field is not kept yet is ranked alone.
///
/// Threading: pure functions but for the table's cache, which is
/// thread-safe; run them off the main thread.
enum SortRanks {
  /// The rank of nobody's value: after everyone's.
  static let missing = UInt32.max

  /// A subset of at least this part of a table ranks everyone (and keeps it).
  private static let everyoneFraction = 4

  /// `key`'s rank for each of the people at `positions` of `table`, in that
  /// order; nil if `isCancelled` turned true.
  static func ranks(
    of key: PersonSort.Key, in table: UserTable, at positions: [Int],
    isCancelled: () -> Bool
  ) -> [UInt32]? {
    guard var ranks = ascending(key.field, table, positions, isCancelled) else { return nil }
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

  /// Ascending ranks of `field` at `positions`: the table's kept ranks of
  /// everyone, else everyone's made and kept when `positions` are a good
  /// part of the table, else those of `positions` alone.
  private static func ascending(
    _ field: PersonField, _ table: UserTable, _ positions: [Int], _ isCancelled: () -> Bool
  ) -> [UInt32]? {
    let locale = SortRankCache.currentLocale
    if let everyone = table.sortRanks.ranks(of: field, locale: locale) {
      return positions.map { everyone[$0] }
    }
    guard positions.count * everyoneFraction >= table.userCount else {
      return made(field, table, positions, isCancelled)
    }
    let all = Array(0..<table.userCount)
    guard let everyone = made(field, table, all, isCancelled) else { return nil }
    table.sortRanks.store(everyone, of: field, locale: locale)
    return positions == all ? everyone : positions.map { everyone[$0] }
  }

  /// Ascending ranks of `field` made for `positions`.
  private static func made(
    _ field: PersonField, _ table: UserTable, _ positions: [Int], _ isCancelled: () -> Bool
  ) -> [UInt32]? {
    switch field {
    case .title: pooled(table.columns.titles, table, positions)
    case .department: pooled(table.columns.departments, table, positions)
    case .location: pooled(table.columns.locations, table, positions)
    case .city: pooled(table.columns.cities, table, positions)
    case .role: roles(table, positions)
    // "false" before "true", as the values compare.
    case .active: positions.map { table.isActive(at: $0) ? 1 : 0 }
    default: own(field, table, positions, isCancelled)
    }
  }

  /// Ranks through a column of pool numbers: the pool's values ranked once.
  private static func pooled(
    _ column: NarrowColumn, _ table: UserTable, _ positions: [Int]
  ) -> [UInt32] {
    let pool = table.columns.values
    let byValue = CollationKeys(count: pool.count + 1) { pool.bytes(of: $0) }
      .ranks(count: pool.count + 1)
    return positions.map { position in
      let value = Int(column[table.row(position)])
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

  /// Ranks of a field each person holds their own text for: the distinct
  /// texts' collation keys ranked by their bytes (``ByteRanks``).
  private static func own(
    _ field: PersonField, _ table: UserTable, _ positions: [Int], _ isCancelled: () -> Bool
  ) -> [UInt32]? {
    defer { table.releaseMappedPages() }
    let stride = table.releaseStride(reading: positions.count)
    let texts = DistinctTexts(count: positions.count) {
      table.scanned($0, every: stride)
      return table.filterBytes(field, at: positions[$0])
    }
    if isCancelled() { return nil }
    let keys = CollationKeys(count: texts.count) {
      table.scanned($0, every: stride)
      return table.filterBytes(field, at: positions[texts.firsts[$0]])
    }
    if isCancelled() { return nil }
    let ranks = keys.withKeys { ByteRanks.of(count: texts.count, bytes: $0) }
    return texts.numbers.map { $0 == DistinctTexts.empty ? missing : ranks[Int($0)] }
  }
}
