/// What a string from a directory looks like on screen and to a screen
/// reader: the same text, except that nothing in it can hide, reorder or
/// swamp what people read.
///
/// Directory data is untrusted input shown to people, and a few characters
/// would let one name pass for another: a right-to-left override makes
/// "\u{202E}evil" render as "live", zero-width characters make two
/// different names look alike, control characters draw nothing (or break
/// the line), and a flood of combining marks stacks into a smear over the
/// rows around it. So, in this order:
///
/// 1. Every scalar Unicode classes as a control (Cc: C0 including NUL,
///    DEL, C1), a format character (Cf: the bidi controls U+202A–U+202E,
///    U+2066–U+2069, U+200E, U+200F, U+061C; zero-width U+200B–U+200D,
///    U+2060, U+FEFF; soft hyphen, tags, …) or a line or paragraph separator
///    is replaced by a visible mark naming it: `⟨U+202E⟩`. One rule for all
///    of them, so the mark reads the same wherever it appears (an emoji
///    joined with U+200D shows its parts and the mark).
/// 2. At most ``maxMarksPerBase`` non-spacing or enclosing marks follow any
///    one character; further marks are dropped (Vietnamese, pointed Hebrew
///    and Indic scripts need fewer).
/// 3. A result longer than ``maxCharacters`` characters (grapheme
///    clusters) keeps its first `maxCharacters - 1` and ends with "…".
///
/// Anything else is unchanged — Arabic, Hebrew and every other script
/// included — and a name that needs no change is returned as the same
/// string (no copy). Direction is not this type's job: each label lays out
/// its own text as its own paragraph, whose direction Pango takes from its
/// first strong character, so a right-to-left name never reorders the role
/// beside it; with the controls above made visible, no name can embed,
/// override or isolate anything either.
///
/// Threading: stateless; callable from any thread. Call it where view models
/// are built (off the main thread), not at bind.
public enum DisplayText {
  /// The most characters (grapheme clusters) shown, ellipsis included.
  public static let maxCharacters = 256
  /// The most non-spacing or enclosing marks kept after one character.
  public static let maxMarksPerBase = 4

  /// `text` as it is shown: invisible and bidi controls as visible marks,
  /// combining floods capped, at most ``maxCharacters``.
  public static func of(_ text: String) -> String {
    // Most names are short printable ASCII; their path asks Unicode nothing.
    let plain = text.utf8.withContiguousStorageIfAvailable(isPlainASCII(_:))
    if plain == true { return text }
    return sanitized(text)
  }

  /// The visible mark for `scalar`: "⟨U+202E⟩" (four hex digits at least).
  public static func mark(for scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "⟨U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "⟩"
  }

  private static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count <= maxCharacters else { return false }
    for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
    return true
  }

  private static func sanitized(_ text: String) -> String {
    // No mark to add and no more scalars than characters allowed: shown as
    // is, with no copy and no grapheme counting (most non-ASCII names).
    if isUnchanged(text) { return text }
    // Enough scalars for `maxCharacters` marks or marked letters; past it
    // the text is cut anyway, so a huge input costs no more than this.
    let scalarLimit = maxCharacters * 8
    var output = String.UnicodeScalarView()
    var outputCount = 0
    var changed = false
    var stoppedEarly = false
    var marks = 0
    for scalar in text.unicodeScalars {
      if outputCount >= scalarLimit {
        stoppedEarly = true
        break
      }
      switch kind(of: scalar) {
      case .invisible:
        let shown = mark(for: scalar).unicodeScalars
        output.append(contentsOf: shown)
        outputCount += shown.count
        changed = true
        marks = 0
      case .stackingMark:
        marks += 1
        if marks > maxMarksPerBase {
          changed = true
        } else {
          output.append(scalar)
          outputCount += 1
        }
      case .other:
        output.append(scalar)
        outputCount += 1
        marks = 0
      }
    }
    var shown = changed ? String(output) : text
    if stoppedEarly || shown.count > maxCharacters {
      shown = String(shown.prefix(maxCharacters - 1)) + "…"
    }
    return shown
  }

  /// Whether `text` needs no mark, drops no mark and has at most
  /// ``maxCharacters`` scalars (so at most as many characters).
  private static func isUnchanged(_ text: String) -> Bool {
    var count = 0
    var marks = 0
    for scalar in text.unicodeScalars {
      count += 1
      if count > maxCharacters { return false }
      switch kind(of: scalar) {
      case .invisible: return false
      case .stackingMark:
        marks += 1
        if marks > maxMarksPerBase { return false }
      case .other: marks = 0
      }
    }
    return true
  }

  /// How one scalar is treated.
  private enum Kind {
    /// Draws nothing or moves text around: shown as a mark.
    case invisible
    /// Stacks on the character before it.
    case stackingMark
    case other
  }

  private static func kind(of scalar: Unicode.Scalar) -> Kind {
    // Latin up to U+02FF answers without a property lookup: C0, DEL, C1 and
    // the soft hyphen are its only invisible scalars, and it has no marks
    // (they start at U+0300).
    let value = scalar.value
    if value < 0x300 {
      return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xAD ? .invisible : .other
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return .invisible
    case .nonspacingMark, .enclosingMark: return .stackingMark
    default: return .other
    }
  }
}
