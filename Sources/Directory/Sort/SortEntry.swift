import Dispatch

/// A person's place in a sort: a 64-bit key (their keys' ranks packed, or
/// seven bytes of a text) and where they are among the people sorted.
///
/// Threading: a plain value.
struct SortEntry {
  var key: UInt64
  var slot: UInt32
}

extension Array where Element == SortEntry {
  /// A stable radix sort on `key` (see ``SortEntries/radixSortByKey(scratch:)``).
  mutating func radixSortByKey() {
    guard count > 1 else { return }
    var scratch = [SortEntry](unsafeUninitializedCapacity: count) { _, initialized in
      initialized = count
    }
    withUnsafeMutableBufferPointer { entries in
      scratch.withUnsafeMutableBufferPointer { entries.radixSortByKey(scratch: $0) }
    }
  }
}

/// Entries sorted in place, with a buffer as long beside them.
typealias SortEntries = UnsafeMutableBufferPointer<SortEntry>

extension UnsafeMutableBufferPointer where Element == SortEntry {
  /// Runs at most this long are sorted by insertion.
  private static var shortRun: Int { 16 }

  /// Fewest entries worth a thread of their own in ``sortRunsInParallel(tieKey:by:)``.
  private static var leastStretch: Int { 16_384 }

  /// ``sortRuns(tieKey:by:)`` on up to four stretches of the entries at
  /// once, each cut at the end of a run; `tieKey` and `areInIncreasingOrder`
  /// are called from several threads at once and must only read.
  func sortRunsInParallel(
    tieKey: (SortEntry) -> UInt64, by areInIncreasingOrder: (SortEntry, SortEntry) -> Bool
  ) {
    let stretches = Swift.max(1, Swift.min(4, count / Self.leastStretch))
    var cuts = [0]
    for stretch in 1..<(stretches + 1) {
      var cut = stretch == stretches ? count : Swift.max(cuts.last!, count * stretch / stretches)
      while cut > 0, cut < count, self[cut].key == self[cut - 1].key { cut += 1 }
      if cut > cuts.last! { cuts.append(cut) }
    }
    withoutActuallyEscaping(tieKey) { tieKey in
      withoutActuallyEscaping(areInIncreasingOrder) { areInIncreasingOrder in
        let shared = SharedRuns(
          entries: self, cuts: cuts, tieKey: tieKey, areInIncreasingOrder: areInIncreasingOrder)
        DispatchQueue.concurrentPerform(iterations: cuts.count - 1) { stretch in
          SortEntries(rebasing: shared.entries[shared.cuts[stretch]..<shared.cuts[stretch + 1]])
            .sortRuns(tieKey: shared.tieKey, by: shared.areInIncreasingOrder)
        }
      }
    }
  }

  /// Sorts each run of entries with equal keys (the entries sorted by key)
  /// by `tieKey`, then, where that is equal too, by `areInIncreasingOrder`,
  /// which orders no two entries alike and agrees with `tieKey` where the
  /// two differ. Each entry of a run takes its `tieKey` as its `key` (read
  /// once an entry, and compared as numbers: most ties end there, without
  /// reaching the entries' data again). Short runs (most of them) are
  /// sorted by insertion, longer ones by the standard library.
  func sortRuns(
    tieKey: (SortEntry) -> UInt64, by areInIncreasingOrder: (SortEntry, SortEntry) -> Bool
  ) {
    func precedes(_ left: SortEntry, _ right: SortEntry) -> Bool {
      left.key != right.key ? left.key < right.key : areInIncreasingOrder(left, right)
    }
    var start = 0
    while start < count {
      let key = self[start].key
      var end = start + 1
      while end < count && self[end].key == key { end += 1 }
      if end - start > 1 {
        for k in start..<end { self[k].key = tieKey(self[k]) }
      }
      if end - start > Self.shortRun {
        var run = SortEntries(rebasing: self[start..<end])
        run.sort(by: precedes)
      } else if end - start > 1 {
        for k in (start + 1)..<end {
          let entry = self[k]
          var place = k
          while place > start && precedes(entry, self[place - 1]) {
            self[place] = self[place - 1]
            place -= 1
          }
          self[place] = entry
        }
      }
      start = end
    }
  }

  /// A stable radix sort on `key`, a byte at a time from the lowest; a byte
  /// every key shares costs no pass (one pass over the keys finds them), so
  /// keys of a few significant bytes take a few passes. `scratch` holds at
  /// least as many entries and is overwritten. A million entries take tens
  /// of milliseconds, where a comparison sort with a closure took hundreds.
  func radixSortByKey(scratch: SortEntries) {
    guard count > 1, let base = baseAddress, let other = scratch.baseAddress else { return }
    var all: UInt64 = 0
    var none = UInt64.max
    for entry in self {
      all |= entry.key
      none &= entry.key
    }
    // Bits that differ between some keys; bytes without one are skipped.
    let varying = all ^ none
    var source = base
    var target = other
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
      for byte in 0..<8 where (varying >> UInt64(byte * 8)) & 0xFF != 0 {
        let shift = UInt64(byte * 8)
        counts.update(repeating: 0)
        for k in 0..<count { counts[Int((source[k].key >> shift) & 0xFF)] += 1 }
        var offset = 0
        for k in 0..<256 {
          let n = counts[k]
          counts[k] = offset
          offset += n
        }
        for k in 0..<count {
          let entry = source[k]
          let digit = Int((entry.key >> shift) & 0xFF)
          target[counts[digit]] = entry
          counts[digit] += 1
        }
        swap(&source, &target)
      }
    }
    if source != base { base.update(from: source, count: count) }
  }
}

/// What the threads of ``SortEntries/sortRunsInParallel(tieKey:by:)`` share.
///
/// Threading: `@unchecked Sendable` because each thread writes only its own
/// stretch of `entries` (the stretches do not overlap), and the closures only
/// read; all of it lives until every thread is done.
private struct SharedRuns: @unchecked Sendable {
  let entries: SortEntries
  let cuts: [Int]
  let tieKey: (SortEntry) -> UInt64
  let areInIncreasingOrder: (SortEntry, SortEntry) -> Bool
}
