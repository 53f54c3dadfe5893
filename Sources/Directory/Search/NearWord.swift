/// A query word found in a text with at most one typo: one byte inserted,
/// deleted or replaced, or two neighbours swapped ("kowalsky" is near
/// "Kowalski", "muller" near "Mueller"), for words of
/// ``minimumLetters`` letters or more (shorter words would find too much).
///
/// The text is tested cheaply first: it must be long enough, and one of
/// two pieces of the word (its first half, and its second half less the
/// byte between them) must occur in it as it is, since one typo spoils at
/// most one of them. Only then does the edit distance run, bit-parallel
/// (Myers' algorithm with Hyyrö's transpositions, one 64-bit word for the
/// whole query word): a handful of operations a byte of text.
///
/// Works on folded bytes, so a typo in a letter of two UTF-8 bytes may
/// count as one edit or two.
///
/// Threading: an immutable `Sendable` value.
struct NearWord: Sendable {
  /// The fewest letters a word needs to be matched with a typo.
  static let minimumLetters = 5

  /// The word, folded.
  let word: [UInt8]
  /// For each byte value, the positions in `word` that hold it.
  private let masks: [UInt64]
  private let head: [UInt8]
  private let tail: [UInt8]

  /// Prepares `word` (folded); nil when it has fewer than
  /// ``minimumLetters`` letters or more than 64 bytes.
  init?(_ word: [UInt8]) {
    guard word.count <= 64, Self.letters(in: word) >= Self.minimumLetters else { return nil }
    self.word = word
    var masks = [UInt64](repeating: 0, count: 256)
    for (position, byte) in word.enumerated() { masks[Int(byte)] |= 1 << UInt64(position) }
    self.masks = masks
    let half = word.count / 2
    head = Array(word[..<half])
    tail = Array(word[(half + 1)...])
  }

  /// The letters of a folded word: ASCII letters, and every scalar beyond
  /// ASCII (a lead byte each).
  static func letters(in word: [UInt8]) -> Int {
    var count = 0
    for byte in word {
      if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0xC0 { count += 1 }
    }
    return count
  }

  /// Whether the word occurs in `text` with at most one typo; `lowering`
  /// lower-cases ASCII letters of `text` as it is read (a plain-ASCII
  /// value, folded as compared).
  func occurs(in text: UnsafeBufferPointer<UInt8>, lowering: Bool) -> Bool {
    guard text.count >= word.count - 1 else { return false }
    guard
      SearchText.contains(text, head, lowering: lowering)
        || SearchText.contains(text, tail, lowering: lowering)
    else { return false }
    return distanceAtMostOne(text, lowering: lowering)
  }

  /// Myers' bit-parallel search for the least edit distance between the
  /// word and any part of `text`, with Hyyrö's transposition term, stopped
  /// as soon as it is at most one.
  private func distanceAtMostOne(_ text: UnsafeBufferPointer<UInt8>, lowering: Bool) -> Bool {
    let last: UInt64 = 1 << UInt64(word.count - 1)
    var positive: UInt64 = ~0
    var negative: UInt64 = 0
    var diagonal: UInt64 = 0
    var previous: UInt64 = 0
    var score = word.count
    return masks.withUnsafeBufferPointer { masks in
      for byte in text {
        let equal = masks[Int(lowering ? SearchText.lowered(byte) : byte)]
        let swapped = ((~diagonal & equal) << 1) & previous
        diagonal = (((equal & positive) &+ positive) ^ positive) | equal | negative | swapped
        let up = negative | ~(diagonal | positive)
        let down = diagonal & positive
        if up & last != 0 {
          score += 1
        } else if down & last != 0 {
          score -= 1
        }
        let shiftedUp = up << 1
        negative = shiftedUp & diagonal
        positive = (down << 1) | ~(shiftedUp | diagonal)
        previous = equal
        if score <= 1 { return true }
      }
      return false
    }
  }
}
