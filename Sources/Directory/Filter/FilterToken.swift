/// One token of a filter: its kind and the character it starts at.
///
/// Threading: a plain value.
struct FilterToken: Equatable {
  enum Kind: Equatable {
    case open, close
    /// A name, an operator or a keyword (and, or, not, pr, true, ...).
    case word(String)
    /// A quoted value, unescaped.
    case string(String)
    /// A number, as written.
    case number(String)
    case end
  }

  var kind: Kind
  var position: Int

  /// The words of a filter: letters, digits and the characters SCIM's
  /// attribute paths use.
  static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "._:$-".contains(character)
  }

  /// The tokens of `text`, ending with `.end`; a stray character or an
  /// unterminated string is an error at its position.
  static func tokens(of text: [Character]) throws(FilterSyntaxError) -> [FilterToken] {
    var tokens: [FilterToken] = []
    var index = 0
    while index < text.count {
      let character = text[index]
      let start = index
      switch character {
      case _ where character.isWhitespace:
        index += 1
        continue
      case "(":
        tokens.append(FilterToken(kind: .open, position: start))
        index += 1
      case ")":
        tokens.append(FilterToken(kind: .close, position: start))
        index += 1
      case "\"":
        let value = try FilterStringLiteral.read(text, from: &index)
        tokens.append(FilterToken(kind: .string(value), position: start))
      case _ where character.isNumber || character == "-" || character == "+":
        while index < text.count, text[index].isNumber || ".eE+-".contains(text[index]) {
          index += 1
        }
        tokens.append(FilterToken(kind: .number(String(text[start..<index])), position: start))
      case _ where isWordCharacter(character):
        while index < text.count, isWordCharacter(text[index]) { index += 1 }
        tokens.append(FilterToken(kind: .word(String(text[start..<index])), position: start))
      default:
        throw FilterSyntaxError(
          position: start, message: "unexpected \u{201C}\(character)\u{201D}")
      }
    }
    tokens.append(FilterToken(kind: .end, position: text.count))
    return tokens
  }
}

/// A quoted value of a filter: JSON's string syntax (RFC 8259), which is
/// what SCIM's filters use.
///
/// Threading: stateless.
enum FilterStringLiteral {
  /// Reads the string starting at `index` (its opening quote) and moves
  /// `index` past its closing quote.
  static func read(_ text: [Character], from index: inout Int) throws(FilterSyntaxError) -> String {
    let start = index
    index += 1
    var value = ""
    while index < text.count {
      let character = text[index]
      index += 1
      switch character {
      case "\"": return value
      case "\\":
        guard index < text.count else { break }
        let escaped = text[index]
        index += 1
        switch escaped {
        case "\"", "\\", "/": value.append(escaped)
        case "n": value.append("\n")
        case "t": value.append("\t")
        case "r": value.append("\r")
        case "b": value.append("\u{8}")
        case "f": value.append("\u{C}")
        case "u":
          let scalar = try unicodeEscape(text, at: &index, escapeStart: index - 2)
          value.unicodeScalars.append(scalar)
        default:
          throw FilterSyntaxError(
            position: index - 2, message: "unknown escape \u{201C}\\\(escaped)\u{201D}")
        }
      default: value.append(character)
      }
    }
    throw FilterSyntaxError(position: start, message: "the quoted value has no closing quote")
  }

  /// The scalar of `\uXXXX` (a surrogate pair when it takes two).
  private static func unicodeEscape(
    _ text: [Character], at index: inout Int, escapeStart: Int
  ) throws(FilterSyntaxError) -> Unicode.Scalar {
    func hex4() -> UInt32? {
      guard index + 4 <= text.count else { return nil }
      let digits = String(text[index..<index + 4])
      guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
        return nil
      }
      index += 4
      return value
    }
    let bad = FilterSyntaxError(position: escapeStart, message: "a \\u escape needs 4 hex digits")
    guard let high = hex4() else { throw bad }
    if (0xD800..<0xDC00).contains(high), index + 2 <= text.count, text[index] == "\\",
      text[index + 1] == "u"
    {
      index += 2
      guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { throw bad }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }
    guard let scalar = Unicode.Scalar(high) else {
      throw FilterSyntaxError(position: escapeStart, message: "a lone surrogate")
    }
    return scalar
  }
}
