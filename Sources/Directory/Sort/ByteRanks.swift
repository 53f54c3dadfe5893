/// Dense ranks of byte strings in byte order (a string before any longer
/// one it begins; equal strings share a rank): the strings are sorted by
/// seven bytes at a time with a radix sort, and only the runs still equal
/// go on to their next seven bytes, so a million short texts sort in a few
/// passes over an array of integers.
///
/// Threading: a pure function; run it off the main thread.
enum ByteRanks {
  /// Runs this short are sorted by comparing their bytes.
  private static let shortRun = 48

  /// The rank of each of `count` strings, string `k` read by `bytes(k)`.
  static func of(count: Int, bytes: (Int) -> UnsafeBufferPointer<UInt8>) -> [UInt32] {
    var entries = (0..<count).map { SortEntry(key: chunk(bytes($0), 0), slot: UInt32($0)) }
    var scratch = [SortEntry](unsafeUninitializedCapacity: count) { _, initialized in
      initialized = count
    }
    entries.withUnsafeMutableBufferPointer { entries in
      scratch.withUnsafeMutableBufferPointer { scratch in
        sort(entries, scratch, depth: 0, bytes)
      }
    }
    var ranks = [UInt32](repeating: 0, count: count)
    var rank: UInt32 = 0
    for k in entries.indices {
      let slot = Int(entries[k].slot)
      if k > 0 && compareBytes(bytes(Int(entries[k - 1].slot)), bytes(slot)) != 0 { rank += 1 }
      ranks[slot] = rank
    }
    return ranks
  }

  /// Seven bytes of `text` from `depth * 7`, big-endian, then how many
  /// bytes were left (8: more than seven, the text goes on).
  @inline(__always)
  private static func chunk(_ text: UnsafeBufferPointer<UInt8>, _ depth: Int) -> UInt64 {
    let start = depth * 7
    let left = max(0, text.count - start)
    var value: UInt64 = 0
    for i in 0..<min(7, left) { value |= UInt64(text[start + i]) << (56 - 8 * UInt64(i)) }
    return value | UInt64(min(left, 8))
  }

  /// Sorts `entries`, whose texts agree on their first `depth * 7` bytes,
  /// in place (`scratch` is as long and overwritten).
  private static func sort(
    _ entries: SortEntries, _ scratch: SortEntries, depth: Int,
    _ bytes: (Int) -> UnsafeBufferPointer<UInt8>
  ) {
    if entries.count <= shortRun {
      var entries = entries
      entries.sort { compareBytes(bytes(Int($0.slot)), bytes(Int($1.slot))) < 0 }
      return
    }
    if depth > 0 {
      for k in entries.indices { entries[k].key = chunk(bytes(Int(entries[k].slot)), depth) }
    }
    entries.radixSortByKey(scratch: scratch)
    var start = 0
    while start < entries.count {
      var end = start + 1
      while end < entries.count && entries[end].key == entries[start].key { end += 1 }
      // Equal so far and longer than seven more bytes: the next seven decide.
      if end - start > 1 && entries[start].key & 0xFF == 8 {
        sort(
          SortEntries(rebasing: entries[start..<end]), SortEntries(rebasing: scratch[start..<end]),
          depth: depth + 1, bytes)
      }
      start = end
    }
  }
}
