#if canImport(Glibc)
  import Glibc
#endif

extension UserTable {
  /// The positions of `candidates` (all people when nil) in `order`: each
  /// key compared in the user's locale (``CollationKeys``), people without a
  /// value after those with one, ties by username (its bytes) and then by
  /// position.
  ///
  /// Each key first becomes a rank per person (``SortRanks``; a field's
  /// ranks of everyone are kept with the table, so sorting by it again
  /// makes none) and the ranks pack into one number a person, the first
  /// key's highest: the sort is a radix sort of those numbers, then the runs
  /// of people equal in every key are sorted by username.
  /// Meant for a thread other than the main one; nil if `isCancelled`
  /// turned true.
  public func sortedPositions(
    by order: PersonSort, within candidates: [Int]? = nil,
    isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    if let known = knownPositions(in: order),
      Self.isEveryone(candidates, count: userCount)
    {
      return known
    }
    let positions = candidates ?? Array(0..<userCount)
    var packed = [UInt64](repeating: 0, count: positions.count)
    var width = 0
    for key in order.keys {
      if isCancelled() { return nil }
      guard
        let ranks = SortRanks.ranks(of: key, in: self, at: positions, isCancelled: isCancelled)
      else { return nil }
      // Nobody's value ranks just after the largest one, so ranks take few bits.
      var largest: UInt32 = 0
      for rank in ranks where rank != SortRanks.missing { largest = Swift.max(largest, rank) }
      let last = UInt64(largest) + 1
      let bits = UInt64.bitWidth - last.leadingZeroBitCount
      if width + bits > UInt64.bitWidth {
        // No room left: the keys so far become one dense rank.
        let dense = SortRanks.dense(count: positions.count) { packed[$0] }
        packed = dense.map(UInt64.init)
        width = UInt64.bitWidth - UInt64(dense.max() ?? 0).leadingZeroBitCount
      }
      for k in packed.indices {
        let rank = ranks[k] == SortRanks.missing ? last : UInt64(ranks[k])
        packed[k] = packed[k] << UInt64(bits) | rank
      }
      width += bits
    }
    if isCancelled() { return nil }
    var entries = positions.indices.map { SortEntry(key: packed[$0], slot: UInt32($0)) }
    entries.radixSortByKey()
    // People equal in every key: by username (its first eight bytes, then
    // all of it), then as they came.
    let tied = TiedNames(of: entries, at: positions, in: self)
    entries.withUnsafeMutableBufferPointer { entries in
      tied.withNames { name in
        entries.sortRunsInParallel(tieKey: { leadingBytes(name($0.slot)) }) { left, right in
          let order = compareBytes(name(left.slot), name(right.slot))
          return order != 0 ? order < 0 : left.slot < right.slot
        }
      }
    }
    return isCancelled() ? nil : entries.map { positions[Int($0.slot)] }
  }
}

extension UserTable {
  /// Everyone's positions in `order`, when they were made before they were
  /// asked for (an offline copy's order by username, in the current
  /// collation): what ``sortedPositions(by:within:isCancelled:)`` would
  /// return for everyone, without sorting.
  public func knownPositions(in order: PersonSort) -> [Int]? {
    knownOrder.positions(in: order, locale: SortRankCache.currentLocale)
  }

  /// Whether `candidates` are everyone of a table of `count` people, in
  /// their positions' order (nil is everyone).
  fileprivate static func isEveryone(_ candidates: [Int]?, count: Int) -> Bool {
    guard let candidates else { return true }
    guard candidates.count == count else { return false }
    return candidates.withUnsafeBufferPointer { candidates in
      for k in 0..<count where candidates[k] != k { return false }
      return true
    }
  }
}

/// The usernames of the people a sort found equal in every key, copied
/// out of the table in the order of their positions: a mapped image is
/// read front to back, letting go of its pages behind
/// (``UserTable/scanned(_:)``), and the ties then sort without reading the
/// table at random (a million ties would have made the whole image
/// resident).
///
/// Threading: a plain value, read by the sort's threads.
private struct TiedNames {
  private var text: [UInt8] = []
  /// By slot, where its username starts in `text`; `slots + 1` of them
  /// (an untied slot's name is empty).
  private var starts: [UInt32]

  /// The names of those of `entries` (sorted by key) that share their key
  /// with another; `positions` by slot.
  init(of entries: [SortEntry], at positions: [Int], in table: UserTable) {
    var tied = BitSet(count: entries.count)
    for k in entries.indices.dropFirst() where entries[k].key == entries[k - 1].key {
      _ = tied.insert(Int(entries[k].slot))
      _ = tied.insert(Int(entries[k - 1].slot))
    }
    starts = [UInt32](repeating: 0, count: entries.count + 1)
    let stride = table.releaseStride(reading: entries.count)
    for slot in entries.indices {
      if tied.contains(slot) {
        table.scanned(slot, every: stride)
        text.append(contentsOf: table.nameBytes(at: positions[slot]))
      }
      starts[slot + 1] = UInt32(text.count)
    }
    table.releaseMappedPages()
  }

  /// Runs `body` with a function from a slot to its username.
  func withNames<Result>(
    _ body: ((UInt32) -> UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    text.withUnsafeBufferPointer { text in
      starts.withUnsafeBufferPointer { starts in
        body { slot in
          UnsafeBufferPointer(
            rebasing: text[Int(starts[Int(slot)])..<Int(starts[Int(slot) + 1])])
        }
      }
    }
  }
}

/// The first eight of `bytes` as one big-endian number, zeros after a
/// shorter text: two texts whose numbers differ are in the order of their
/// numbers (compared a byte at a time, a text before any longer one it
/// begins); equal numbers tell nothing.
@inline(__always)
func leadingBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var number: UInt64 = 0
  for k in 0..<8 { number = number << 8 | UInt64(k < bytes.count ? bytes[k] : 0) }
  return number
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
