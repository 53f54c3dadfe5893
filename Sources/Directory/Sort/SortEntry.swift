/// A person's place in a sort: a 64-bit key (their keys' ranks packed, or
/// seven bytes of a text) and where they are among the people sorted.
///
/// Threading: a plain value.
struct SortEntry {
  var key: UInt64
  var slot: UInt32
}

extension Array where Element == SortEntry {
  /// Sorts each run of entries with equal keys (the array sorted by key)
  /// by `areInIncreasingOrder`.
  mutating func sortRuns(by areInIncreasingOrder: (SortEntry, SortEntry) -> Bool) {
    var start = 0
    while start < count {
      var end = start + 1
      while end < count && self[end].key == self[start].key { end += 1 }
      if end - start > 1 { self[start..<end].sort(by: areInIncreasingOrder) }
      start = end
    }
  }

  /// A stable radix sort on `key`, a byte at a time from the lowest (a byte
  /// all keys share costs no pass): equal keys keep their order. A million
  /// entries take tens of milliseconds, where a comparison sort with a
  /// closure took hundreds.
  mutating func radixSortByKey() {
    guard count > 1 else { return }
    var buffer = self
    var counts = [Int](repeating: 0, count: 256)
    for byte in 0..<8 {
      let shift = UInt64(byte * 8)
      for k in counts.indices { counts[k] = 0 }
      for entry in self { counts[Int((entry.key >> shift) & 0xFF)] += 1 }
      if counts.contains(count) { continue }
      var offset = 0
      for k in counts.indices {
        let n = counts[k]
        counts[k] = offset
        offset += n
      }
      withUnsafeBufferPointer { source in
        buffer.withUnsafeMutableBufferPointer { target in
          for entry in source {
            let digit = Int((entry.key >> shift) & 0xFF)
            target[counts[digit]] = entry
            counts[digit] += 1
          }
        }
      }
      swap(&self, &buffer)
    }
  }
}
