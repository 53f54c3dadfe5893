import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Sort keys for text in the user's locale (the C library's `strxfrm` under
/// the process's `LC_COLLATE`, which is what GLib's collation keys use on
/// this platform): comparing two keys' bytes orders their texts as the
/// locale does ("adam" < "Älva" < "Bert" in German, not by bytes).
///
/// Keys are made once per value, so a sort of a million people compares
/// bytes, never calls into the locale. Many values are split into a few
/// stretches made at once, each on a thread of its own into an arena of its
/// own (back to back); a key is read from its stretch's arena.
///
/// Threading: `init` calls `value` from several threads at once (it must
/// only read) and `strxfrm` there, so no thread may change `LC_COLLATE`
/// meanwhile; `Sendable` once made.
struct CollationKeys: Sendable {
  /// The keys of one stretch of values, back to back.
  ///
  /// Threading: made by one thread, then only read.
  private struct Arena: Sendable {
    var bytes: [UInt8] = []
    /// `starts[k]..<starts[k + 1]` is the stretch's value `k`'s key.
    var starts: [Int] = [0]
  }

  private let arenas: [Arena]
  /// Value `k` is value `k & (1 << shift - 1)` of stretch `k >> shift`.
  private let shift: Int

  /// Fewest values worth a thread of their own.
  private static let leastStretch = 4_096
  /// Most stretches made at once.
  private static let mostStretches = 4

  /// The keys of `count` values, value `k` read by `value(k)`.
  init(count: Int, value: (Int) -> UnsafeBufferPointer<UInt8>) {
    let wanted = max(1, min(Self.mostStretches, count / Self.leastStretch))
    var bits = 0
    while (1 << bits) * wanted < count { bits += 1 }
    let shift = bits
    let stretches = max(1, (count + (1 << shift) - 1) >> shift)
    var arenas = [Arena](repeating: Arena(), count: stretches)
    arenas.withUnsafeMutableBufferPointer { arenas in
      withoutActuallyEscaping(value) { value in
        let shared = Shared(arenas: arenas, value: value)
        DispatchQueue.concurrentPerform(iterations: stretches) { stretch in
          let first = stretch << shift
          shared.arenas[stretch] = Self.arena(
            first..<min(count, first + (1 << shift)), shared.value)
        }
      }
    }
    self.arenas = arenas
    self.shift = shift
  }

  /// What the threads making the stretches share.
  ///
  /// Threading: `@unchecked Sendable` because each thread writes only its
  /// own stretch's element of `arenas`, and `value` only reads (see `init`);
  /// both live until every thread is done.
  private struct Shared: @unchecked Sendable {
    let arenas: UnsafeMutableBufferPointer<Arena>
    let value: (Int) -> UnsafeBufferPointer<UInt8>
  }

  /// The keys of the values in `range`.
  private static func arena(
    _ range: Range<Int>, _ value: (Int) -> UnsafeBufferPointer<UInt8>
  ) -> Arena {
    var arena = Arena()
    arena.bytes.reserveCapacity(range.count * 48)
    arena.starts.reserveCapacity(range.count + 1)
    var text: [CChar] = []
    var key = [CChar](repeating: 0, count: 256)
    for index in range {
      let source = value(index)
      text.removeAll(keepingCapacity: true)
      for byte in source where byte != 0 { text.append(CChar(bitPattern: byte)) }
      text.append(0)
      var length = strxfrm(&key, text, key.count)
      if length >= key.count {
        key = [CChar](repeating: 0, count: length + 1)
        length = strxfrm(&key, text, key.count)
      }
      key.withUnsafeBytes { arena.bytes.append(contentsOf: $0.prefix(length)) }
      arena.starts.append(arena.bytes.count)
    }
    return arena
  }

  /// Runs `body` with a function that reads value `k`'s key.
  func withKeys<R>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) -> R) -> R {
    withArenas(from: 0, []) { arenas in
      let mask = 1 << shift - 1
      return body { [shift] k in
        let (bytes, starts) = arenas[k >> shift]
        let local = k & mask
        return UnsafeBufferPointer(
          start: bytes.map { $0 + starts[local] }, count: starts[local + 1] - starts[local])
      }
    }
  }

  /// Runs `body` with the bytes (nil when none) and starts of every arena
  /// from `index` on after `outer`, those of the arenas before it.
  private func withArenas<R>(
    from index: Int, _ outer: [(UnsafePointer<UInt8>?, UnsafePointer<Int>)],
    _ body: ([(UnsafePointer<UInt8>?, UnsafePointer<Int>)]) -> R
  ) -> R {
    guard index < arenas.count else { return body(outer) }
    return arenas[index].bytes.withUnsafeBufferPointer { bytes in
      arenas[index].starts.withUnsafeBufferPointer { starts in
        withArenas(from: index + 1, outer + [(bytes.baseAddress, starts.baseAddress!)], body)
      }
    }
  }

  /// Each value's rank in the locale's order (equal texts share a rank).
  func ranks(count: Int) -> [UInt32] {
    withKeys { key in
      let order = (0..<count).sorted { compareBytes(key($0), key($1)) < 0 }
      var ranks = [UInt32](repeating: 0, count: count)
      var rank: UInt32 = 0
      for (k, value) in order.enumerated() {
        if k > 0 && compareBytes(key(order[k - 1]), key(value)) != 0 { rank += 1 }
        ranks[value] = rank
      }
      return ranks
    }
  }
}
