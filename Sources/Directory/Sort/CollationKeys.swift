#if canImport(Glibc)
  import Glibc
#endif

/// Sort keys for text in the user's locale (the C library's `strxfrm` under
/// the process's `LC_COLLATE`, which is what GLib's collation keys use on
/// this platform): comparing two keys' bytes orders their texts as the
/// locale does ("adam" < "Älva" < "Bert" in German, not by bytes).
///
/// Keys are made once per value, back to back in one arena, so a sort of a
/// million people compares bytes, never calls into the locale.
///
/// Threading: a value owned by one sort; `Sendable` once made.
struct CollationKeys: Sendable {
  private var bytes: [UInt8] = []
  /// `starts[k]..<starts[k + 1]` is value `k`'s key.
  private var starts: [Int] = [0]

  /// The keys of `count` values, value `k` read by `value(k)`.
  init(count: Int, value: (Int) -> UnsafeBufferPointer<UInt8>) {
    bytes.reserveCapacity(count * 16)
    starts.reserveCapacity(count + 1)
    var text: [CChar] = []
    var key = [CChar](repeating: 0, count: 256)
    for index in 0..<count {
      let source = value(index)
      text.removeAll(keepingCapacity: true)
      for byte in source where byte != 0 { text.append(CChar(bitPattern: byte)) }
      text.append(0)
      var length = strxfrm(&key, text, key.count)
      if length >= key.count {
        key = [CChar](repeating: 0, count: length + 1)
        length = strxfrm(&key, text, key.count)
      }
      for k in 0..<length { bytes.append(UInt8(bitPattern: key[k])) }
      starts.append(bytes.count)
    }
  }

  /// -1, 0 or 1 as value `a`'s text sorts before, with or after value `b`'s.
  @inline(__always)
  func compare(_ a: Int, _ b: Int) -> Int {
    bytes.withUnsafeBufferPointer { all in
      let left = all[starts[a]..<starts[a + 1]]
      let right = all[starts[b]..<starts[b + 1]]
      let common = min(left.count, right.count)
      if common > 0 {
        let order = memcmp(
          all.baseAddress! + left.startIndex, all.baseAddress! + right.startIndex, common)
        if order != 0 { return order < 0 ? -1 : 1 }
      }
      return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }
  }

  /// Runs `body` with a function that reads value `k`'s key.
  func withKeys<R>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) -> R) -> R {
    bytes.withUnsafeBufferPointer { all in
      starts.withUnsafeBufferPointer { starts in
        body { k in UnsafeBufferPointer(rebasing: all[starts[k]..<starts[k + 1]]) }
      }
    }
  }

  /// Each value's rank in the locale's order (equal texts share a rank).
  func ranks(count: Int) -> [UInt32] {
    let order = (0..<count).sorted { compare($0, $1) < 0 }
    var ranks = [UInt32](repeating: 0, count: count)
    var rank: UInt32 = 0
    for (k, value) in order.enumerated() {
      if k > 0 && compare(order[k - 1], value) != 0 { rank += 1 }
      ranks[value] = rank
    }
    return ranks
  }
}
