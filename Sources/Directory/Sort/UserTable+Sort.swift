#if canImport(Glibc)
  import Glibc
#endif

extension UserTable {
  /// The positions of `candidates` (all people when nil) in `order`: each
  /// key compared in the user's locale (``CollationKeys``), people without a
  /// value after those with one, ties by username (its bytes) and then by
  /// position.
  ///
  /// Each key first becomes a rank per person (``SortRanks``), so the sort
  /// itself compares integers: one rank for the keys before the last, one
  /// for the last, and the username's bytes only between people equal in
  /// both. Meant for a thread other than the main one; nil if `isCancelled`
  /// turned true.
  public func sortedPositions(
    by order: PersonSort, within candidates: [Int]? = nil,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    let positions = candidates ?? Array(0..<userCount)
    let keys = order.keys.isEmpty ? [.init(.username)] : order.keys
    var leading = [UInt32](repeating: 0, count: positions.count)
    var last = leading
    for (index, key) in keys.enumerated() {
      if isCancelled() { return nil }
      let ranks = SortRanks.ranks(of: key, in: self, at: positions)
      if index == keys.count - 1 {
        last = ranks
      } else if index == 0 {
        leading = ranks
      } else {
        // Two keys fold into one rank: the order of (leading, this) pairs.
        leading = SortRanks.dense(count: positions.count) {
          UInt64(leading[$0]) << 32 | UInt64(ranks[$0])
        }
      }
    }
    if isCancelled() { return nil }
    var entries = positions.indices.map { slot in
      SortEntry(key: UInt64(leading[slot]) << 32 | UInt64(last[slot]), slot: UInt32(slot))
    }
    entries.sort { left, right in
      if left.key != right.key { return left.key < right.key }
      let order = compareBytes(
        nameBytes(at: positions[Int(left.slot)]), nameBytes(at: positions[Int(right.slot)]))
      return order != 0 ? order < 0 : left.slot < right.slot
    }
    return isCancelled() ? nil : entries.map { positions[Int($0.slot)] }
  }
}

/// A person's place in a sort: their keys' ranks packed, and where they are
/// among the people sorted.
///
/// Threading: a plain value.
struct SortEntry {
  var key: UInt64
  var slot: UInt32
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
