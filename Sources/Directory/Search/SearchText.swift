internal import CGLib

/// Folding and matching for ``SearchIndex``: lower case, no diacritics,
/// one width, ligatures spelt out, compared as UTF-8 bytes.
///
/// A scalar folds by Unicode's compatibility decomposition (NFKD: "ﬁ" is
/// "fi", a fullwidth "Ａ" an "A", a half-width "ｶ" a "カ") and case folding
/// ("ß" is "ss", a final "ς" a "σ"), less its combining marks. Letters with
/// no decomposition stay themselves: "ł", "ø", "æ", "đ" and the dotless
/// "ı" do not fold to "l", "o", "ae", "d" or "i".
///
/// Folding works one Unicode scalar at a time, so it never depends on what
/// is around a scalar: the folding of any part of a name is a part of the
/// name's folding. That is what lets a query's words, split from the text a
/// user typed or pasted, be found in the names they came from. (Folding a
/// whole string at once does depend on context: a combining mark after a
/// letter is dropped with the letter's diacritics, while the same mark
/// starting a word is kept.) Combining marks are dropped wherever they
/// stand, so "e\u{301}" folds like "é", to "e".
///
/// Threading: a plain value; use one per thread.
struct SearchText {
  /// Non-ASCII scalars folded so far: a directory uses few distinct ones.
  private var cache: [Unicode.Scalar: [UInt8]] = [:]

  /// `text` folded: ASCII is lower-cased byte by byte; any other scalar
  /// goes through Unicode's compatibility decomposition and case folding
  /// and loses its diacritics on its own.
  static func folded(_ text: String) -> [UInt8] {
    var folder = SearchText()
    var bytes: [UInt8] = []
    folder.appendFolded(text, to: &bytes)
    return bytes
  }

  mutating func appendFolded(_ text: String, to bytes: inout [UInt8]) {
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        bytes.append(Self.lowered(UInt8(truncatingIfNeeded: scalar.value)))
      } else if let folded = cache[scalar] {
        bytes.append(contentsOf: folded)
      } else {
        let folded = Self.fold(scalar)
        cache[scalar] = folded
        bytes.append(contentsOf: folded)
      }
    }
  }

  /// One non-ASCII scalar folded, without the combining marks folding
  /// leaves (a mark on its own keeps itself).
  private static func fold(_ scalar: Unicode.Scalar) -> [UInt8] {
    // Decomposed with compatibility ("ﬁ" to "fi", "Ａ" to "A"), case folded
    // ("ß" to "ss", "İ" to "i" and a combining dot), decomposed again for
    // what case folding composed, by GLib.
    let folded = String(scalar).withCString { text -> String in
      guard let wide = g_utf8_normalize(text, -1, G_NORMALIZE_NFKD) else { return String(scalar) }
      defer { g_free(wide) }
      guard let caseFolded = g_utf8_casefold(wide, -1) else { return String(cString: wide) }
      defer { g_free(caseFolded) }
      guard let decomposed = g_utf8_normalize(caseFolded, -1, G_NORMALIZE_NFKD) else {
        return String(cString: caseFolded)
      }
      defer { g_free(decomposed) }
      return String(cString: decomposed)
    }
    var kept = String.UnicodeScalarView()
    for part in folded.unicodeScalars {
      switch part.properties.generalCategory {
      case .nonspacingMark, .enclosingMark: continue
      default: kept.append(part)
      }
    }
    return Array(String(kept).utf8)
  }

  /// How much of a query is read: a name, an email or a username is at
  /// most a field's 1 KiB (``FieldLimit``), and a pasted page is not a query.
  static let maxQueryBytes = 1024

  /// The folded, non-empty words of a query (of its first
  /// ``maxQueryBytes``).
  static func words(of query: String) -> [[UInt8]] {
    var folder = SearchText()
    return bounded(query).split(whereSeparator: \.isWhitespace).compactMap { word in
      var bytes: [UInt8] = []
      folder.appendFolded(String(word), to: &bytes)
      return bytes.isEmpty ? nil : bytes
    }
  }

  /// `query` cut to at most ``maxQueryBytes`` of UTF-8, between scalars.
  static func bounded(_ query: String) -> Substring {
    guard query.utf8.count > maxQueryBytes else { return query[...] }
    var end = query.utf8.index(query.utf8.startIndex, offsetBy: maxQueryBytes)
    while end > query.startIndex, String.Index(end, within: query.unicodeScalars) == nil {
      end = query.utf8.index(before: end)
    }
    return query[..<end]
  }

  /// Whether every byte is ASCII.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where byte >= 0x80 { return false }
    return true
  }

  /// Whether `word` (folded) occurs in the ASCII `text` once that is
  /// lower-cased, which is all folding does to ASCII.
  static func containsFoldingASCII(_ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
    contains(text, word, lowering: true)
  }

  /// Whether `word` occurs in `text`.
  static func contains(_ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
    contains(text, word, lowering: false)
  }

  @inline(__always)
  static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// Whether `word` occurs in `text`, lower-casing ASCII letters of `text` first when `lowering`.
  ///
  /// The word's first byte is looked for eight bytes at a time (each
  /// eight lower-cased and compared in one 64-bit word); each place found
  /// is then compared byte by byte.
  @inline(__always)
  static func contains(
    _ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8], lowering: Bool
  ) -> Bool {
    let count = word.count
    guard count <= text.count else { return false }
    if count == 0 { return true }
    guard let base = text.baseAddress else { return false }
    let first = word[0]
    let last = text.count - count
    let spread = UInt64(first) &* Swar.ones
    var index = 0
    while index + 8 <= text.count {
      var bytes = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if lowering { bytes = Swar.lowered(bytes) }
      var found = Swar.zeroBytes(bytes ^ spread)
      while found != 0 {
        let at = index + found.trailingZeroBitCount / 8
        if at > last { return false }
        if matches(text, word, at: at, lowering: lowering) { return true }
        found &= found &- 1
      }
      index += 8
    }
    while index <= last {
      if (lowering ? lowered(text[index]) : text[index]) == first,
        matches(text, word, at: index, lowering: lowering)
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// Whether `word` is at `index` of `text` (whose first byte is checked again).
  @inline(__always)
  private static func matches(
    _ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8], at index: Int, lowering: Bool
  ) -> Bool {
    var matched = 0
    while matched < word.count,
      (lowering ? lowered(text[index + matched]) : text[index + matched]) == word[matched]
    {
      matched += 1
    }
    return matched == word.count
  }
}

/// Eight bytes in one 64-bit word at a time ("SIMD within a register").
///
/// Threading: pure functions.
enum Swar {
  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// `bytes` with each ASCII capital lower-cased.
  @inline(__always)
  static func lowered(_ bytes: UInt64) -> UInt64 {
    let low = bytes & ~highs
    let fromA = low &+ (0x80 - 0x41) &* ones  // the high bit set from "A" up
    let pastZ = low &+ (0x80 - 0x5B) &* ones  // the high bit set from "[" up
    let capitals = fromA & ~pastZ & ~bytes & highs
    return bytes | (capitals >> 2)
  }

  /// A high bit in each byte of `bytes` that is zero, and possibly in
  /// bytes above one that is (the caller checks each place).
  @inline(__always)
  static func zeroBytes(_ bytes: UInt64) -> UInt64 {
    (bytes &- ones) & ~bytes & highs
  }
}

extension Array where Element == UInt8 {
  /// Whether `word` occurs in these bytes.
  func contains(_ word: [UInt8]) -> Bool {
    withUnsafeBufferPointer { SearchText.contains($0, word) }
  }
}
