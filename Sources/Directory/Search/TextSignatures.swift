/// For each person, which letters their searched text holds, folded, one
/// bit a letter (other bytes share a few bits), and which of their searched
/// fields are not plain ASCII: most people are passed over without reading
/// their text. A word is there as it is only if all its letters are (in
/// any field), and with one typo only if at most one is missing (counting
/// an email's letters only before its "@": the domain is everyone's, and a
/// typo in it would find everyone).
///
/// Threading: an immutable `Sendable` value.
struct TextSignatures: Sendable {
  /// Bits 0-28: letters of all the text; 29-31: fields not plain ASCII;
  /// 32-63: letters of the text less email domains.
  private let masks: [UInt64]

  /// The bits of a word's letters to test against ``exactLetters(_:)``.
  static let allLetters: UInt32 = (1 << 29) - 1

  init(_ table: UserTable, fields: [UserTable.OwnField], folded: [FoldedTexts]) {
    var masks = [UInt64](repeating: 0, count: table.userCount)
    for (k, field) in fields.enumerated() {
      let isEmail = field == .email
      for index in 0..<table.userCount {
        table.scanned(index)
        let bytes = table.bytes(field, at: index)
        if bytes.isEmpty { continue }
        if SearchText.isASCII(bytes) {
          masks[index] |= Self.mask(of: bytes, lowering: true, isEmail: isEmail)
        } else {
          masks[index] |= 1 << UInt64(29 + k)
        }
      }
      folded[k].forEachValue { index, bytes in
        masks[index] |= Self.mask(of: bytes, lowering: false, isEmail: isEmail)
      }
    }
    table.releaseMappedPages()
    self.masks = masks
  }

  /// Whether field `k` of person `index` is plain ASCII.
  @inline(__always)
  func isASCII(_ index: Int, field k: Int) -> Bool { masks[index] & (1 << UInt64(29 + k)) == 0 }

  /// The letters of all person `index`'s searched text.
  @inline(__always)
  func exactLetters(_ index: Int) -> UInt32 { UInt32(truncatingIfNeeded: masks[index]) }

  /// The letters of person `index`'s text where a typo counts.
  @inline(__always)
  func nearLetters(_ index: Int) -> UInt32 { UInt32(truncatingIfNeeded: masks[index] >> 32) }

  /// Both signatures of `bytes` (folded, or plain ASCII `lowering` its
  /// letters): all of it in the low half, up to an "@" of an email in the
  /// high one.
  static func mask(of bytes: UnsafeBufferPointer<UInt8>, lowering: Bool, isEmail: Bool)
    -> UInt64
  {
    var all: UInt32 = 0
    var near: UInt32 = 0
    var inDomain = false
    for byte in bytes {
      let byte = lowering ? SearchText.lowered(byte) : byte
      if isEmail, byte == UInt8(ascii: "@") { inDomain = true }
      all |= exactBit(byte)
      if !inDomain { near |= nearBit(byte) }
    }
    return UInt64(all) | UInt64(near) << 32
  }

  /// A byte's bit among the letters of all text: 26 letters, three others.
  @inline(__always)
  static func exactBit(_ byte: UInt8) -> UInt32 {
    let letter = byte &- UInt8(ascii: "a")
    return letter < 26 ? 1 << UInt32(letter) : 1 << (26 + UInt32(byte % 3))
  }

  /// A byte's bit among the letters where a typo counts: 26 letters, six others.
  @inline(__always)
  static func nearBit(_ byte: UInt8) -> UInt32 {
    let letter = byte &- UInt8(ascii: "a")
    return letter < 26 ? 1 << UInt32(letter) : 1 << (26 + UInt32(byte % 6))
  }

  /// The letters of a folded word, for ``exactLetters(_:)`` and
  /// ``nearLetters(_:)``.
  static func letters(of word: [UInt8]) -> (exact: UInt32, near: UInt32) {
    var exact: UInt32 = 0
    var near: UInt32 = 0
    for byte in word {
      exact |= exactBit(byte)
      near |= nearBit(byte)
    }
    return (exact, near)
  }
}
