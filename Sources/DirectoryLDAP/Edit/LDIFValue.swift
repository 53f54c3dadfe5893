import FoundationEssentials

/// How one value is spelt in LDIF (RFC 2849): `name: value` when it is a
/// safe string, else `name:: base64`. Roster also sends every value with a
/// control character, DEL or a byte past ASCII through base64 (a change
/// log read on a terminal then cannot move its cursor or reorder its
/// text), and one ending in a space (which RFC 2849 asks for).
///
/// Threading: stateless; any thread.
enum LDIFValue {
  /// Whether `bytes` may follow `name: ` as they are.
  static func isSafe(_ bytes: some Collection<UInt8>) -> Bool {
    guard let first = bytes.first else { return true }
    // SAFE-INIT-CHAR: not a space, colon or less-than sign.
    guard first != 0x20, first != 0x3A, first != 0x3C else { return false }
    guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
    var last = first
    for byte in bytes { last = byte }
    return last != 0x20
  }

  /// The line `name: value` or `name:: base64` for `bytes` (not folded).
  static func line(_ name: String, _ bytes: [UInt8]) -> String {
    if isSafe(bytes) {
      return bytes.isEmpty ? "\(name):" : "\(name): \(String(decoding: bytes, as: UTF8.self))"
    }
    return "\(name):: \(Data(bytes).base64EncodedString())"
  }

  /// `line` folded at 76 columns: each continuation line starts with a
  /// space (RFC 2849's SEP SPACE). Every line Roster folds is ASCII.
  static func folded(_ line: String) -> String {
    let bytes = Array(line.utf8)
    guard bytes.count > 76 else { return line }
    var lines = [String(decoding: bytes[0..<76], as: UTF8.self)]
    var start = 76
    while start < bytes.count {
      let end = min(start + 75, bytes.count)
      lines.append(" " + String(decoding: bytes[start..<end], as: UTF8.self))
      start = end
    }
    return lines.joined(separator: "\n")
  }

  /// The value after a line's `name` (the text from its first colon): `:
  /// value` or `:: base64`; nil when it is neither or the base64 is bad.
  static func value(after rest: Substring) -> [UInt8]? {
    if rest.hasPrefix("::") {
      let text = rest.dropFirst(2).drop { $0 == " " }
      guard let data = Data(base64Encoded: String(text)) else { return nil }
      return Array(data)
    }
    guard rest.hasPrefix(":") else { return nil }
    return Array(rest.dropFirst().drop { $0 == " " }.utf8)
  }
}
