/// A 128-bit FNV-1a digest as 32 hex digits: stable across runs and platforms, unlike
/// `Hasher`, so disk-cache file names survive restarts. Not cryptographic; the cache checks the
/// key stored in the file, so a collision is a miss, never a wrong image.
///
/// Threading: pure function.
enum StableHash {
  static func hex(_ string: String) -> String {
    let bytes = Array(string.utf8)
    let first = fnv1a(bytes, basis: 0xcbf2_9ce4_8422_2325)
    let second = fnv1a(bytes.reversed(), basis: 0x6c62_272e_07bb_0142)
    return hex16(first) + hex16(second)
  }

  private static func fnv1a<S: Sequence<UInt8>>(_ bytes: S, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static func hex16(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
