import Directory
import Foundation

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
    attributes.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.values ?? []
  }

  /// Whether the entry has `name` (with values or, asked names only, without).
  func has(_ name: String) -> Bool {
    attributes.contains { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }

  /// The first value of `name` as UTF-8 text, at most `FieldLimit.maxBytes`
  /// (a server's value is as untrusted as a file's); nil when absent or not
  /// text.
  func text(_ name: String) -> String? {
    values(name).first.flatMap(FieldLimit.validatedString)
  }
}
