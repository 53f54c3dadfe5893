/// A forward-only JSON tokenizer over raw bytes, the engine under
/// `DirectoryParser`.
///
/// Foundation's JSON readers build a dictionary per object and are far too
/// slow on Linux for a million users; this one walks the bytes once, hands out
/// strings as slices of the input when they need no unescaping, and skips
/// values nobody asked for without building them.
///
/// Threading: thread-confined; one scanner per parse. It is `~Copyable`
/// because it owns the scratch buffer escaped strings are decoded into.
struct JSONScanner: ~Copyable {
  /// Deeper nesting is refused instead of risking the stack on hostile input.
  static let maxDepth = 512

  let base: UnsafePointer<UInt8>
  let end: Int
  /// Offset of the next unread byte.
  var position = 0

  private var scratch: UnsafeMutablePointer<UInt8>
  private var scratchCapacity = 256
  private var scratchCount = 0

  /// `bytes` must outlive the scanner and must not be empty.
  init(_ bytes: UnsafeRawBufferPointer) {
    precondition(!bytes.isEmpty, "the parser handles empty input before scanning")
    base = UnsafePointer(bytes.bindMemory(to: UInt8.self).baseAddress!)
    end = bytes.count
    scratch = .allocate(capacity: scratchCapacity)
    // A UTF-8 byte order mark is not JSON but editors write one; step over it.
    if end >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { position = 3 }
  }

  deinit {
    scratch.deallocate()
  }

  var isAtEnd: Bool { position >= end }

  /// The next byte without consuming it; nil at the end of input.
  @inline(__always)
  func peek() -> UInt8? {
    position < end ? base[position] : nil
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while position < end {
      let byte = base[position]
      // One compare settles the usual case, a token byte.
      guard byte <= .space,
        byte == .space || byte == .newline || byte == .tab || byte == .carriageReturn
      else { return }
      position += 1
    }
  }

  /// Consumes `byte` or fails, naming what was expected.
  @inline(__always)
  mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONSyntaxError) {
    guard position < end else { throw endOfInput() }
    guard base[position] == byte else { throw unexpected(expecting: expected) }
    position += 1
  }

  /// Consumes `byte` if it is next.
  @inline(__always)
  mutating func consume(_ byte: UInt8) -> Bool {
    guard position < end, base[position] == byte else { return false }
    position += 1
    return true
  }

  // MARK: Strings

  /// Reads a string starting at its opening quote and returns its UTF-8
  /// content, valid only until the next call that reads a string.
  @inline(__always)
  mutating func readString() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8> {
    try expect(.quote, "a string")
    let start = position
    var index = position
    // Fast path: most strings have no escapes and are returned in place.
    // Eight bytes at a time while none of them can end the fast path.
    while index + 8 <= end {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      if Self.mayEndPlainRun(word) { break }
      index += 8
    }
    while index < end {
      let byte = base[index]
      if byte == .quote {
        position = index + 1
        return UnsafeBufferPointer(start: base + start, count: index - start)
      }
      if byte == .backslash { return try readEscapedString(start: start, firstEscape: index) }
      if byte < 0x20 { throw JSONSyntaxError(offset: index, reason: "control character in string") }
      index += 1
    }
    throw JSONSyntaxError(offset: end, reason: "unexpected end of input")
  }

  /// Whether any byte of `word` is a quote, a backslash or a control
  /// character (the classic "has zero byte" bit trick, three times).
  @inline(__always)
  private static func mayEndPlainRun(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = word ^ (ones &* UInt64(UInt8.quote))
    let backslashes = word ^ (ones &* UInt64(UInt8.backslash))
    let hasQuote = (quotes &- ones) & ~quotes
    let hasBackslash = (backslashes &- ones) & ~backslashes
    let hasControl = (word &- ones &* 0x20) & ~word
    return (hasQuote | hasBackslash | hasControl) & highs != 0
  }

  private mutating func readEscapedString(start: Int, firstEscape: Int) throws(JSONSyntaxError)
    -> UnsafeBufferPointer<UInt8>
  {
    scratchCount = 0
    appendToScratch(UnsafeBufferPointer(start: base + start, count: firstEscape - start))
    var index = firstEscape
    while index < end {
      let byte = base[index]
      switch byte {
      case .quote:
        position = index + 1
        return UnsafeBufferPointer(start: scratch, count: scratchCount)
      case .backslash:
        index = try readEscape(at: index)
      case ..<0x20:
        throw JSONSyntaxError(offset: index, reason: "control character in string")
      default:
        appendToScratch(byte)
        index += 1
      }
    }
    throw JSONSyntaxError(offset: end, reason: "unexpected end of input")
  }

  /// Decodes the escape at `index` (a backslash) into the scratch buffer and
  /// returns the offset after it.
  private mutating func readEscape(at index: Int) throws(JSONSyntaxError) -> Int {
    guard index + 1 < end else {
      throw JSONSyntaxError(offset: end, reason: "unexpected end of input")
    }
    let decoded: UInt8
    switch base[index + 1] {
    case .quote: decoded = .quote
    case .backslash: decoded = .backslash
    case .slash: decoded = .slash
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = .newline
    case UInt8(ascii: "r"): decoded = .carriageReturn
    case UInt8(ascii: "t"): decoded = .tab
    case UInt8(ascii: "u"): return try readUnicodeEscape(at: index)
    default:
      throw JSONSyntaxError(offset: index, reason: "invalid escape sequence in string")
    }
    appendToScratch(decoded)
    return index + 2
  }

  /// Decodes "\uXXXX", joining a surrogate pair written as two escapes; a
  /// lone surrogate becomes U+FFFD, as it cannot be UTF-8.
  private mutating func readUnicodeEscape(at index: Int) throws(JSONSyntaxError) -> Int {
    let unit = try hexQuad(at: index + 2)
    var next = index + 6
    var scalar: Unicode.Scalar?
    switch unit {
    case 0xD800...0xDBFF:
      if next + 1 < end && base[next] == .backslash && base[next + 1] == UInt8(ascii: "u") {
        let low = try hexQuad(at: next + 2)
        if (0xDC00...0xDFFF).contains(low) {
          scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
          next += 6
        }
      }
    case 0xDC00...0xDFFF:
      break
    default:
      scalar = Unicode.Scalar(unit)
    }
    for byte in UTF8.encode(scalar ?? "\u{FFFD}")! {
      appendToScratch(byte)
    }
    return next
  }

  private func hexQuad(at index: Int) throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= end else {
      throw JSONSyntaxError(offset: end, reason: "unexpected end of input")
    }
    var value: UInt32 = 0
    for offset in index..<(index + 4) {
      let byte = base[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONSyntaxError(offset: offset, reason: "invalid \\u escape in string")
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  private mutating func appendToScratch(_ byte: UInt8) {
    reserveScratch(1)
    scratch[scratchCount] = byte
    scratchCount += 1
  }

  private mutating func appendToScratch(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    reserveScratch(bytes.count)
    (scratch + scratchCount).update(from: source, count: bytes.count)
    scratchCount += bytes.count
  }

  private mutating func reserveScratch(_ extra: Int) {
    guard scratchCount + extra > scratchCapacity else { return }
    let capacity = max(scratchCapacity * 2, scratchCount + extra)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    grown.update(from: scratch, count: scratchCount)
    scratch.deallocate()
    scratch = grown
    scratchCapacity = capacity
  }

  // MARK: Numbers and literals

  /// Reads a number per the JSON grammar and returns its text, and whether it
  /// is an integer (no fraction, no exponent).
  mutating func readNumber() throws(JSONSyntaxError) -> (
    text: UnsafeBufferPointer<UInt8>, isInteger: Bool
  ) {
    let start = position
    _ = consume(.minus)
    guard let first = peek() else { throw endOfInput() }
    if first == .zero {
      position += 1
    } else if first.isDigit {
      skipDigits()
    } else {
      throw unexpected(expecting: "a digit")
    }
    var isInteger = true
    if consume(.dot) {
      isInteger = false
      guard peek()?.isDigit == true else { throw digitExpected() }
      skipDigits()
    }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      isInteger = false
      if !consume(.plus) { _ = consume(.minus) }
      guard peek()?.isDigit == true else { throw digitExpected() }
      skipDigits()
    }
    return (UnsafeBufferPointer(start: base + start, count: position - start), isInteger)
  }

  @inline(__always)
  mutating func skipDigits() {
    while position < end && base[position].isDigit { position += 1 }
  }

  mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let count = literal.utf8CodeUnitCount
    let text = literal.utf8Start
    for offset in 0..<count {
      guard position + offset < end else {
        throw JSONSyntaxError(offset: end, reason: "unexpected end of input")
      }
      guard base[position + offset] == text[offset] else {
        throw JSONSyntaxError(
          offset: position, reason: "unexpected character \(describe(base[position]))")
      }
    }
    position += count
  }

}
