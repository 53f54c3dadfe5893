/// Skipping values the format ignores, and the scanner's error messages.
extension JSONScanner {
  // MARK: Skipping

  /// Consumes one complete value of any kind without building it.
  mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) {
    guard let byte = peek() else { throw endOfInput() }
    switch byte {
    case .quote:
      _ = try readString()
    case .openBrace:
      try skipContainer(closing: .closeBrace, depth: depth, isObject: true)
    case .openBracket:
      try skipContainer(closing: .closeBracket, depth: depth, isObject: false)
    case .minus, .zero...UInt8(ascii: "9"):
      _ = try readNumber()
    case UInt8(ascii: "t"):
      try readLiteral("true")
    case UInt8(ascii: "f"):
      try readLiteral("false")
    case UInt8(ascii: "n"):
      try readLiteral("null")
    default:
      throw unexpected(expecting: nil)
    }
  }

  private mutating func skipContainer(closing: UInt8, depth: Int, isObject: Bool)
    throws(JSONSyntaxError)
  {
    guard depth < Self.maxDepth else {
      throw JSONSyntaxError(offset: position, reason: "nesting deeper than \(Self.maxDepth) levels")
    }
    position += 1
    skipWhitespace()
    if consume(closing) { return }
    while true {
      if isObject {
        _ = try readString()
        skipWhitespace()
        try expect(.colon, "':'")
        skipWhitespace()
      }
      try skipValue(depth: depth + 1)
      skipWhitespace()
      if consume(.comma) {
        skipWhitespace()
        continue
      }
      try expect(closing, isObject ? "',' or '}'" : "',' or ']'")
      return
    }
  }

  // MARK: Errors

  func endOfInput() -> JSONSyntaxError {
    JSONSyntaxError(offset: end, reason: "unexpected end of input")
  }

  /// An error at the current byte, or end of input when there is none.
  func unexpected(expecting expected: String?) -> JSONSyntaxError {
    guard position < end else { return endOfInput() }
    let found = "unexpected character \(describe(base[position]))"
    return JSONSyntaxError(
      offset: position, reason: expected.map { "\(found), expected \($0)" } ?? found)
  }

  func digitExpected() -> JSONSyntaxError {
    unexpected(expecting: "a digit")
  }

  func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "0x" + String(byte, radix: 16, uppercase: true)
  }
}

extension JSONScanner {
  /// After an element of an array or a member of an object: true when a
  /// comma says another follows (the scanner then on it), false at
  /// `closing` (`]` or `}`, consumed); anything else is a syntax error.
  @inline(__always)
  mutating func another(before closing: UInt8) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    if consume(.comma) {
      skipWhitespace()
      return true
    }
    try expect(closing, closing == .closeBrace ? "',' or '}'" : "',' or ']'")
    return false
  }
}
