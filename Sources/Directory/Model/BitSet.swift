/// A set of small non-negative integers (positions in a table, group
/// numbers) as one bit each: a million people take 125 KB, not a hash set.
///
/// Threading: a plain value.
struct BitSet {
  private var words: [UInt64]

  /// An empty set for the integers `0..<count`.
  init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

  /// Adds `member`; false when it was in already.
  @inline(__always)
  mutating func insert(_ member: Int) -> Bool {
    let (word, bit) = (member / 64, UInt64(1) << UInt64(member % 64))
    guard words[word] & bit == 0 else { return false }
    words[word] |= bit
    return true
  }

  @inline(__always)
  mutating func remove(_ member: Int) {
    words[member / 64] &= ~(UInt64(1) << UInt64(member % 64))
  }

  @inline(__always)
  func contains(_ member: Int) -> Bool {
    words[member / 64] & (UInt64(1) << UInt64(member % 64)) != 0
  }
}
