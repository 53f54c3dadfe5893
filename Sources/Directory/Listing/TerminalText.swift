/// Text from a directory made safe to print where a terminal shows it: what
/// `roster list`, `roster person`, `roster check` and every command-line
/// message write of a name, a title or a server's answer.
///
/// A terminal acts on some characters instead of showing them: ESC starts a
/// sequence that can move the cursor, retitle the window or set the
/// clipboard (`ESC ] 52`), BEL rings, DEL and the C1 controls (U+0080 to
/// U+009F; U+009B is a one-character CSI to many terminals) do the same
/// with fewer bytes, and the bidi controls DisplayText marks in the window
/// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) reorder the rest
/// of the line. Each of them is written as an escape a reader sees:
/// ``escaped(_:)`` for plain text and TSV (`\x1B`, `\u202E`, and `\t`,
/// `\n`, `\r`, `\\`), ``jsonEscape(_:)`` for JSON strings (`\u001B`).
///
/// Threading: stateless; callable from any thread.
public enum TerminalText {
  /// Whether a terminal acts on `scalar` rather than shows it, or lets it
  /// reorder the text around it: C0 controls, DEL, C1 controls and the bidi
  /// controls.
  @inline(__always)
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    guard value >= 0x61C, value <= 0x2069 else { return false }
    return isBidiControl(value)
  }

  /// The bidi controls: embeddings and overrides, isolates, marks.
  private static func isBidiControl(_ value: UInt32) -> Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
      || value == 0x200F || value == 0x061C
  }

  /// `text` as plain text: tab, newline, carriage return and backslash as
  /// `\t`, `\n`, `\r` and `\\` (so every escape reads back one way), any
  /// other control as `\xNN` (C0, DEL, C1) or `\uNNNN` (a bidi control).
  /// Text without any of them is returned as it is.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\\" || isControl($0) }) else {
      return text
    }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\t": out.append(contentsOf: "\\t".unicodeScalars)
      case "\n": out.append(contentsOf: "\\n".unicodeScalars)
      case "\r": out.append(contentsOf: "\\r".unicodeScalars)
      case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
      case _ where isControl(scalar):
        let prefix = scalar.value <= 0xFF ? "\\x" : "\\u"
        out.append(
          contentsOf: (prefix + hex(scalar.value, digits: prefix == "\\x" ? 2 : 4)).unicodeScalars)
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// `scalar` as a JSON string's escape: `\u001B`, `\u009B`, `\u202E`.
  public static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
    String(scalar).utf16.map { "\\u" + hex(UInt32($0), digits: 4) }.joined()
  }

  /// `value` in upper-case hexadecimal, at least `digits` long.
  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
