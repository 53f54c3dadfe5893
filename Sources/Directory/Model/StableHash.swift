/// 64-bit FNV-1a over UTF-8 bytes.
///
/// Used instead of `Hasher`, which is seeded per process, so that a user keeps
/// the same placeholder colour across launches.
/// Threading: stateless; callable from any thread.
enum StableHash {
  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x100_0000_01b3

  static func fnv1a(_ text: String) -> UInt64 {
    // Native strings hand out their bytes directly; the iterator is the
    // fallback for bridged ones.
    if let hash = text.utf8.withContiguousStorageIfAvailable(fnv1a(bytes:)) {
      return hash
    }
    return fnv1a(bytes: text.utf8)
  }

  private static func fnv1a(bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = offsetBasis
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* prime
    }
    return hash
  }
}
