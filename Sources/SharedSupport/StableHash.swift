/// FNV-1a digests that are stable across runs and platforms, unlike `Hasher` (seeded per
/// process): a user keeps the same placeholder colour across launches, and disk-cache file
/// names survive restarts. Not cryptographic.
///
/// Threading: pure functions; callable from any thread.
public enum StableHash {
  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01B3

  /// 64-bit FNV-1a over the UTF-8 bytes of `text`.
  public static func fnv1a(_ text: String) -> UInt64 {
    // Native strings hand out their bytes directly; the iterator is the fallback for bridged
    // ones.
    if let hash = text.utf8.withContiguousStorageIfAvailable({ fnv1a(bytes: $0) }) {
      return hash
    }
    return fnv1a(bytes: text.utf8)
  }

  /// A 128-bit digest as 32 hex digits: FNV-1a forwards, then backwards from another basis.
  /// Callers that need certainty check the key itself (the disk cache stores it in the file), so
  /// a collision is a miss, never a wrong result.
  public static func hex(_ string: String) -> String {
    let bytes = Array(string.utf8)
    let first = fnv1a(bytes: bytes)
    let second = fnv1a(bytes: bytes.reversed(), basis: 0x6c62_272e_07bb_0142)
    return hex16(first) + hex16(second)
  }

  /// 64-bit FNV-1a over `bytes`.
  public static func fnv1a(bytes: some Sequence<UInt8>) -> UInt64 {
    fnv1a(bytes: bytes, basis: offsetBasis)
  }

  private static func fnv1a(bytes: some Sequence<UInt8>, basis: UInt64) -> UInt64 {
    var hash = basis
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* prime
    }
    return hash
  }

  private static func hex16(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
