/// A fast 64-bit checksum of a file's bytes, fed in any pieces: four
/// lanes of 8 bytes a step (xxHash64's rounds and constants, not its exact
/// output), so a table's image of a million people is checked in a few
/// tens of milliseconds when a copy opens (docs/PERFORMANCE.md). It finds
/// damage (a flipped bit, a torn or overwritten stretch), not a forger.
///
/// Threading: a value; one owner at a time.
public struct Checksum64 {
  private static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let p3: UInt64 = 0x1656_67B1_9E37_79F9
  private static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
  private static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

  private var v1 = p1 &+ p2
  private var v2 = p2
  private var v3: UInt64 = 0
  private var v4: UInt64 = 0 &- p1
  /// The bytes of an unfinished step (fewer than 32).
  private var tail: [UInt8] = []
  private var length: UInt64 = 0

  /// The checksum of `bytes` at once.
  public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var checksum = Checksum64()
    checksum.add(bytes)
    return checksum.value
  }

  /// Feeds `bytes`, after those fed before.
  mutating func add(_ bytes: UnsafeRawBufferPointer) {
    guard var next = bytes.baseAddress, !bytes.isEmpty else { return }
    var left = bytes.count
    length &+= UInt64(left)
    if !tail.isEmpty {
      let taken = min(32 - tail.count, left)
      tail.append(contentsOf: UnsafeRawBufferPointer(start: next, count: taken))
      next += taken
      left -= taken
      guard tail.count == 32 else { return }
      tail.withUnsafeBytes { step(UnsafeRawPointer($0.baseAddress!)) }
      tail.removeAll(keepingCapacity: true)
    }
    while left >= 32 {
      step(UnsafeRawPointer(next))
      next += 32
      left -= 32
    }
    if left > 0 { tail.append(contentsOf: UnsafeRawBufferPointer(start: next, count: left)) }
  }

  @inline(__always)
  private mutating func step(_ at: UnsafeRawPointer) {
    v1 = Self.round(v1, at.loadUnaligned(fromByteOffset: 0, as: UInt64.self).littleEndian)
    v2 = Self.round(v2, at.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian)
    v3 = Self.round(v3, at.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian)
    v4 = Self.round(v4, at.loadUnaligned(fromByteOffset: 24, as: UInt64.self).littleEndian)
  }

  @inline(__always)
  private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
    rotate(lane &+ input &* p2, 31) &* p1
  }

  @inline(__always)
  private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
  }

  /// The checksum of everything fed so far.
  var value: UInt64 {
    var hash: UInt64
    if length >= 32 {
      hash = Self.rotate(v1, 1) &+ Self.rotate(v2, 7) &+ Self.rotate(v3, 12) &+ Self.rotate(v4, 18)
      for lane in [v1, v2, v3, v4] {
        hash = (hash ^ Self.round(0, lane)) &* Self.p1 &+ Self.p4
      }
    } else {
      hash = Self.p5
    }
    hash &+= length
    for byte in tail { hash = Self.rotate(hash ^ (UInt64(byte) &* Self.p5), 11) &* Self.p1 }
    hash ^= hash >> 33
    hash &*= Self.p2
    hash ^= hash >> 29
    hash &*= Self.p3
    hash ^= hash >> 32
    return hash
  }
}
