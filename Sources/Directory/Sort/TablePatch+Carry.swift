/// A list of everyone carried from a table to its patch: the rows, and
/// where rows left and came, for a list diff made of those places alone.
///
/// Threading: a plain value; `Sendable`.
public struct CarriedRows: Sendable {
  /// Everyone of the patched table, in the list's order.
  public var rows: [UserRef]
  /// Positions in the old list of the rows that left (removed, or changed
  /// and placed again), ascending.
  public var left: [Int]
  /// Positions in ``rows`` of the rows that came (added, or changed and
  /// placed again), ascending. The other rows are the old list's, in its
  /// order.
  public var came: [Int]
}

extension TablePatch {
  /// `shown`, everyone of ``previous`` in `order` (nil: in the table's
  /// order), as everyone of ``table`` in that order: the people kept where
  /// they were, the people changed and added placed by `order` among them
  /// (a binary search each), the people removed gone. Linear in the people
  /// for the copy of the rows; nil when `shown` is not everyone of
  /// ``previous``. Run it off the main thread.
  public func carry(_ shown: [UserRef], order: PersonSort?) -> CarriedRows? {
    guard shown.count == previous.userCount, shown.first.map({ $0.table === previous }) ?? true
    else { return nil }
    var moving = BitSet(count: previous.userCount)
    for position in removed + changed { _ = moving.insert(position) }
    // The people who come: the changed at their new places, then the added,
    // in the list's order.
    var coming = changed.compactMap { position(after: $0) } + Array(added)
    let precedes = table.precedence(order)
    coming.sort(by: precedes)
    var kept: [Int] = []
    kept.reserveCapacity(shown.count)
    var left: [Int] = []
    for (place, row) in shown.enumerated() {
      if moving.contains(row.index) {
        left.append(place)
      } else if let position = position(after: row.index) {
        kept.append(position)
      }
    }
    var rows: [UserRef] = []
    rows.reserveCapacity(kept.count + coming.count)
    var came: [Int] = []
    var next = 0
    for person in coming {
      let place = kept[next...].partitioningIndex { !precedes($0, person) }
      for position in kept[next..<place] { rows.append(UserRef(table: table, index: position)) }
      next = place
      came.append(rows.count)
      rows.append(UserRef(table: table, index: person))
    }
    for position in kept[next...] { rows.append(UserRef(table: table, index: position)) }
    return CarriedRows(rows: rows, left: left, came: came)
  }
}

extension UserTable {
  /// Whether person `a` comes before person `b` in `order` (nil: by
  /// position), exactly as ``sortedPositions(by:within:isCancelled:)``
  /// orders everyone: each key by its collation key in the user's locale,
  /// a missing value last either way, then the username's bytes, then the
  /// position. Makes two collation keys a key compared: for a few people.
  func precedence(_ order: PersonSort?) -> (Int, Int) -> Bool {
    guard let order else { return { $0 < $1 } }
    return { [self] a, b in
      // Two people read at random: a mapped image lets go of such pages
      // every few reads, or a binary search per change would leave most
      // of it resident.
      readOne()
      for key in order.keys {
        let left = filterBytes(key.field, at: a)
        let right = filterBytes(key.field, at: b)
        if left.isEmpty || right.isEmpty {
          if left.isEmpty != right.isEmpty { return right.isEmpty }
          continue
        }
        let order = CollationKeys(count: 2) { $0 == 0 ? left : right }.withKeys {
          compareBytes($0(0), $0(1))
        }
        if order != 0 { return key.descending ? order > 0 : order < 0 }
      }
      let names = compareBytes(nameBytes(at: a), nameBytes(at: b))
      return names != 0 ? names < 0 : a < b
    }
  }
}
