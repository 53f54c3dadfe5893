/// Derives the one or two characters a placeholder avatar shows from a
/// username.
///
/// The username is split into words at separators (anything that is not a
/// letter or digit, such as `.` `_` `-` or a space), at lower-to-upper case
/// changes ("johnSmith"), before the last capital of a capital run
/// ("JSmith") and between letters and digits ("olivia92"). Words that start
/// with a letter are preferred, so digits only show when there is nothing
/// else: the first letters of the first two words ("john.smith" -> "JS",
/// "olivia_k92" -> "OK"), or the first two characters of a single word
/// ("alice" -> "AL", "user42" -> "US"), upper-cased. "?" when the username has
/// no letter or digit at all.
///
/// Threading: stateless; callable from any thread.
enum Initials {
  static let fallback = "?"

  static func of(_ username: String) -> String {
    // Most usernames are ASCII; their path never asks Unicode for character
    // properties, which would dominate building a million view models.
    let fast = username.utf8.withContiguousStorageIfAvailable(ascii(_:))
    if let fast, let initials = fast { return initials }
    return unicode(username)
  }

  /// What one character contributes to word splitting.
  private enum Kind {
    case lower, upper, caseless, digit, separator
    /// A combining mark, which belongs to the character before it.
    case mark

    var isLetter: Bool { self == .lower || self == .upper || self == .caseless }
  }

  @inline(__always)
  private static func startsWord(_ kind: Kind, previous: Kind, next: Kind) -> Bool {
    if previous == .separator || previous.isLetter != kind.isLetter { return true }
    if previous == .lower && kind == .upper { return true }
    return previous == .upper && kind == .upper && next == .lower
  }

  // MARK: ASCII

  @inline(__always)
  private static func asciiKind(_ byte: UInt8) -> Kind {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): .lower
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): .upper
    case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
    default: .separator
    }
  }

  /// nil when the username is not ASCII (as far as it had to be read).
  private static func ascii(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var letters = WordStarts()
    var digits = WordStarts()
    var word = -1
    var previous = Kind.separator
    let count = bytes.count
    var index = 0
    while index < count {
      let byte = bytes[index]
      guard byte < 0x80 else { return nil }
      let kind = asciiKind(byte)
      if kind != .separator {
        var next = Kind.separator
        if index + 1 < count {
          guard bytes[index + 1] < 0x80 else { return nil }
          next = asciiKind(bytes[index + 1])
        }
        if startsWord(kind, previous: previous, next: next) { word += 1 }
        if kind == .digit {
          digits.note(index, word: word)
        } else {
          letters.note(index, word: word)
          // Two letter words decide everything; the rest need not be read.
          if letters.count == 2 { break }
        }
      }
      previous = kind
      index += 1
    }
    guard let (first, second) = letters.picks ?? digits.picks else { return fallback }
    let length = second == nil ? 1 : 2
    return String(unsafeUninitializedCapacity: length) { buffer in
      buffer[0] = uppercased(bytes[first])
      if let second { buffer[1] = uppercased(bytes[second]) }
      return length
    }
  }

  @inline(__always)
  private static func uppercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
  }

  // MARK: Unicode

  /// The same rules over Unicode scalars (cheaper than Characters), keeping
  /// combining marks with the letter they modify.
  private static func unicode(_ username: String) -> String {
    let scalars = Array(username.unicodeScalars)
    let kinds = scalars.map(kind(of:))
    var letters = WordStarts()
    var digits = WordStarts()
    var word = -1
    var previous = Kind.separator
    for index in kinds.indices where kinds[index] != .mark {
      let kind = kinds[index]
      if kind != .separator {
        let next = kinds[(index + 1)...].first { $0 != .mark } ?? .separator
        if startsWord(kind, previous: previous, next: next) { word += 1 }
        if kind == .digit {
          digits.note(index, word: word)
        } else {
          letters.note(index, word: word)
        }
      }
      previous = kind
    }
    guard let (first, second) = letters.picks ?? digits.picks else { return fallback }
    func character(at index: Int) -> String {
      var text = String(scalars[index])
      // As many marks as `DisplayText` keeps: a flood would smear the avatar.
      let end = min(scalars.count, index + 1 + DisplayText.maxMarksPerBase)
      for following in (index + 1)..<end {
        guard kinds[following] == .mark else { break }
        text.unicodeScalars.append(scalars[following])
      }
      return text.uppercased()
    }
    return character(at: first) + (second.map(character(at:)) ?? "")
  }

  private static func kind(of scalar: Unicode.Scalar) -> Kind {
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
    case .decimalNumber, .letterNumber, .otherNumber: return .digit
    case .lowercaseLetter: return .lower
    case .uppercaseLetter, .titlecaseLetter: return .upper
    case .modifierLetter, .otherLetter: return .caseless
    default: return .separator
    }
  }

  // MARK: Picking

  /// The first two word starts of one class (letter or digit words), and the
  /// second character of the first such word.
  private struct WordStarts {
    private(set) var count = 0
    private var first = 0
    private var second = 0
    private var lastWord = -1
    private var firstWordSecond: Int?

    /// Records a character of this class at `index` in word number `word`.
    @inline(__always)
    mutating func note(_ index: Int, word: Int) {
      if word != lastWord {
        lastWord = word
        count += 1
        if count == 1 { first = index } else if count == 2 { second = index }
      } else if count == 1 && firstWordSecond == nil {
        firstWordSecond = index
      }
    }

    /// Positions of the initials: first letters of two words, or the first
    /// two of one word.
    var picks: (Int, Int?)? {
      switch count {
      case 0: nil
      case 1: (first, firstWordSecond)
      default: (first, second)
      }
    }
  }
}
