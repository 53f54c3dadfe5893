#if canImport(Glibc)
  import Glibc
#endif

extension UserTable {
  /// The positions of `candidates` (all people when nil) in `order`: each
  /// key compared in the user's locale (``CollationKeys``), people without a
  /// value after those with one, ties by username (its bytes) and then by
  /// position.
  ///
  /// Each key first becomes a rank per person (``SortRanks``) and the keys
  /// fold into one rank: the sort is a radix sort of one number a person,
  /// then the runs of people equal in every key are sorted by username.
  /// Meant for a thread other than the main one; nil if `isCancelled`
  /// turned true.
  public func sortedPositions(
    by order: PersonSort, within candidates: [Int]? = nil,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    let positions = candidates ?? Array(0..<userCount)
    var folded: [UInt32]?
    for key in order.keys {
      if isCancelled() { return nil }
      let ranks = SortRanks.ranks(of: key, in: self, at: positions)
      // Two keys fold into one rank: the order of (keys so far, this) pairs.
      folded =
        folded.map { before in
          SortRanks.dense(count: positions.count) { UInt64(before[$0]) << 32 | UInt64(ranks[$0]) }
        } ?? ranks
    }
    if isCancelled() { return nil }
    var entries = positions.indices.map { slot in
      SortEntry(key: UInt64(folded?[slot] ?? 0), slot: UInt32(slot))
    }
    entries.radixSortByKey()
    // People equal in every key: by username, then as they came.
    entries.sortRuns { left, right in
      let order = compareBytes(
        nameBytes(at: positions[Int(left.slot)]), nameBytes(at: positions[Int(right.slot)]))
      return order != 0 ? order < 0 : left.slot < right.slot
    }
    return isCancelled() ? nil : entries.map { positions[Int($0.slot)] }
  }
}

/// -1, 0 or 1 as `a`'s bytes come before, equal or after `b`'s.
@inline(__always)
func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
  let common = min(a.count, b.count)
  if common > 0, let left = a.baseAddress, let right = b.baseAddress {
    let order = memcmp(left, right, common)
    if order != 0 { return order < 0 ? -1 : 1 }
  }
  return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
