/// The distinct texts among many (texts of equal bytes are one), numbered
/// in the order they first appear, so work per text (a collation key) is
/// done once per distinct text: a directory's display names repeat.
///
/// Found with an open-addressing hash table of 64-bit slots (a text's hash
/// above, its number plus one below; 0 is free) that doubles as it fills.
///
/// Threading: a plain value; make it on one thread.
struct DistinctTexts {
  /// The number of an empty text: none of the distinct ones.
  static let empty = UInt32.max

  /// Text `k`'s distinct number, or ``empty``.
  private(set) var numbers: [UInt32]
  /// A text (its index) for each distinct number.
  private(set) var firsts: [Int] = []

  /// The distinct texts among `count`, text `k` read by `text(k)`.
  init(count: Int, text: (Int) -> UnsafeBufferPointer<UInt8>) {
    numbers = [UInt32](repeating: Self.empty, count: count)
    var slots = [UInt64](repeating: 0, count: 1024)
    var mask = slots.count - 1
    for k in 0..<count {
      let bytes = text(k)
      if bytes.isEmpty { continue }
      let hash = Self.hash(bytes)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let found = slots[slot]
        if found == 0 {
          slots[slot] = hash << 32 | UInt64(firsts.count + 1)
          numbers[k] = UInt32(firsts.count)
          firsts.append(k)
          break
        }
        if found >> 32 == hash {
          let number = Int(found & 0xFFFF_FFFF) - 1
          if compareBytes(text(firsts[number]), bytes) == 0 {
            numbers[k] = UInt32(number)
            break
          }
        }
        slot = (slot + 1) & mask
      }
      // At most half full: probes stay short.
      if firsts.count * 2 > slots.count {
        slots = Self.grown(slots)
        mask = slots.count - 1
      }
    }
  }

  /// How many distinct texts.
  var count: Int { firsts.count }

  /// `slots` in a table twice as large.
  private static func grown(_ slots: [UInt64]) -> [UInt64] {
    var larger = [UInt64](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for found in slots where found != 0 {
      var slot = Int(truncatingIfNeeded: found >> 32) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = found
    }
    return larger
  }

  /// A 32-bit hash of `bytes` (in the low half; the high half is zero),
  /// eight bytes at a time.
  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let raw = UnsafeRawBufferPointer(bytes)
    var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= raw.count {
      hash =
        (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      offset += 8
    }
    var tail: UInt64 = 0
    for k in offset..<raw.count { tail = tail << 8 | UInt64(raw[k]) }
    hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    return (hash ^ hash >> 32) & 0xFFFF_FFFF
  }
}
