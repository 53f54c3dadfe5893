import Directory
import FoundationEssentials

/// One entry as the server sent it: its DN and each attribute's values as
/// bytes, in the server's order.
///
/// Threading: a plain value; `Sendable`.
struct LDAPRawEntry: Sendable {
  struct Attribute: Sendable {
    var name: String
    var values: [[UInt8]]
  }

  var dn: String
  var attributes: [Attribute]

  /// The values of `name` (attribute names are case-insensitive).
  func values(_ name: String) -> [[UInt8]] {
    attributes.first { Self.sameName($0.name, name) }?.values ?? []
  }

  /// Whether the entry has `name` (with values or, asked names only, without).
  func has(_ name: String) -> Bool {
    attributes.contains { Self.sameName($0.name, name) }
  }

  /// Whether two attribute names are one: ASCII letters compared without
  /// regard to case (RFC 4512's names are ASCII). Foundation's
  /// case-insensitive comparison, which folds Unicode, took a third of an
  /// export's time in these look-ups.
  static func sameName(_ first: String, _ second: String) -> Bool {
    let (a, b) = (first.utf8, second.utf8)
    guard a.count == b.count else { return false }
    return zip(a, b).allSatisfy { x, y in
      x == y || (x ^ y == 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
    }
  }

  /// The first value of `name` as UTF-8 text, at most `FieldLimit.maxBytes`
  /// (a server's value is as untrusted as a file's); nil when absent or not
  /// text.
  func text(_ name: String) -> String? {
    values(name).first.flatMap(FieldLimit.validatedString)
  }
}
