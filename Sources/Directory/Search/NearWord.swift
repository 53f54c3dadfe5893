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
  /// The letters of the word and of its pieces
  /// (``TextSignatures/nearLetters(_:)``).
  private let letters: UInt32
  private let headLetters: UInt32
  private let tailLetters: UInt32
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
    letters = TextSignatures.letters(of: word).near
    let half = word.count / 2
    head = Array(word[..<half])
    tail = Array(word[(half + 1)...])
    headLetters = TextSignatures.letters(of: head).near
    tailLetters = TextSignatures.letters(of: tail).near
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

  /// How the word occurs in `text`: as it is, with one typo, or not;
  /// `lowering` lower-cases ASCII letters of `text` as it is read (a
  /// plain-ASCII value, folded as compared). In an email (`isEmail`) a
  /// typo counts only before the "@" (``TextSignatures``).
  func grade(
    in text: UnsafeBufferPointer<UInt8>, lowering: Bool, isEmail: Bool = false
  ) -> MatchGrade {
    if isEmail, let at = text.firstIndex(of: UInt8(ascii: "@")) {
      let local = grade(in: UnsafeBufferPointer(rebasing: text[..<at]), lowering: lowering)
      if local == .exact || SearchText.contains(text, word, lowering: lowering) { return .exact }
      return local
    }
    guard text.count >= word.count - 1 else { return .none }
    let found = pieces(in: text, lowering: lowering)
    if !found.head && !found.tail { return .none }
    if found.head && found.tail && SearchText.contains(text, word, lowering: lowering) {
      return .exact
    }
    return distanceAtMostOne(text, lowering: lowering) ? .near : .none
  }

  /// Whether text whose letters are `signature` may hold the word with
  /// at most one typo: at most one of its letters is missing, and all of
  /// one piece's are there.
  @inline(__always)
  func mayBeNear(_ signature: UInt32) -> Bool {
    (letters & ~signature).nonzeroBitCount <= 1
      && (headLetters & ~signature == 0 || tailLetters & ~signature == 0)
  }

  /// Whether the word occurs in `text` with at most one typo.
  func occurs(in text: UnsafeBufferPointer<UInt8>, lowering: Bool) -> Bool {
    grade(in: text, lowering: lowering) != .none
  }

  /// Whether each piece of the word occurs in `text`, in one pass.
  @inline(__always)
  private func pieces(
    in text: UnsafeBufferPointer<UInt8>, lowering: Bool
  ) -> (head: Bool, tail: Bool) {
    var head = false
    var tail = false
    let (first, second) = (self.head[0], self.tail[0])
    var index = 0
    while index < text.count {
      let byte = lowering ? SearchText.lowered(text[index]) : text[index]
      if !head, byte == first, Self.starts(text, at: index, with: self.head, lowering: lowering) {
        head = true
        if tail { break }
      }
      if !tail, byte == second, Self.starts(text, at: index, with: self.tail, lowering: lowering) {
        tail = true
        if head { break }
      }
      index += 1
    }
    return (head, tail)
  }

  @inline(__always)
  private static func starts(
    _ text: UnsafeBufferPointer<UInt8>, at index: Int, with piece: [UInt8], lowering: Bool
  ) -> Bool {
    guard index + piece.count <= text.count else { return false }
    for k in 1..<piece.count {
      let byte = lowering ? SearchText.lowered(text[index + k]) : text[index + k]
      if byte != piece[k] { return false }
    }
    return true
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
