import Foundation

/// Folding and matching for ``SearchIndex``: lower case, no diacritics,
/// compared as UTF-8 bytes.
///
/// Threading: pure functions, any thread.
enum SearchText {
  /// `text` folded: ASCII is lower-cased byte by byte; anything else goes
  /// through Foundation's case and diacritic folding.
  static func folded(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    appendFolded(text, to: &bytes)
    return bytes
  }

  static func appendFolded(_ text: String, to bytes: inout [UInt8]) {
    var isASCII = true
    for byte in text.utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    if isASCII {
      for byte in text.utf8 { bytes.append(lowered(byte)) }
    } else {
      bytes.append(
        contentsOf: text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
          .utf8)
    }
  }

  /// The folded, non-empty words of a query.
  static func words(of query: String) -> [[UInt8]] {
    query.split(whereSeparator: \.isWhitespace).map { folded(String($0)) }.filter { !$0.isEmpty }
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
  private static func lowered(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }

  /// Whether `word` occurs in `text`, lower-casing ASCII letters of `text` first when `lowering`.
  @inline(__always)
  private static func contains(
    _ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8], lowering: Bool
  ) -> Bool {
    let count = word.count
    guard count <= text.count else { return false }
    if count == 0 { return true }
    let first = word[0]
    var index = 0
    let last = text.count - count
    while index <= last {
      if (lowering ? lowered(text[index]) : text[index]) == first {
        var matched = 1
        while matched < count,
          (lowering ? lowered(text[index + matched]) : text[index + matched]) == word[matched]
        {
          matched += 1
        }
        if matched == count { return true }
      }
      index += 1
    }
    return false
  }
}

extension Array where Element == UInt8 {
  /// Whether `word` occurs in these bytes.
  func contains(_ word: [UInt8]) -> Bool {
    withUnsafeBufferPointer { SearchText.contains($0, word) }
  }
}
