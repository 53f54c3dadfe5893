import Directory

/// Search filters (RFC 4515) built from text the user typed.
///
/// Threading: stateless; call from any thread.
public enum LDAPFilter {
  /// `text` as a filter value that matches itself literally: `*`, `(`, `)`,
  /// `\` and NUL become `\2a`, `\28`, `\29`, `\5c`, `\00`; everything else,
  /// non-ASCII included, stays as its UTF-8.
  public static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "*": escaped += "\\2a"
      case "(": escaped += "\\28"
      case ")": escaped += "\\29"
      case "\\": escaped += "\\5c"
      case "\0": escaped += "\\00"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `bytes` as a filter value that matches them exactly: UTF-8 text as
  /// ``escape(_:)`` escapes it; any other bytes with every byte outside
  /// printable ASCII, and `*`, `(`, `)`, `\`, as `\hh` (RFC 4515).
  public static func escape(bytes: [UInt8]) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return escape(text) }
    var escaped = ""
    for byte in bytes {
      switch byte {
      case 0x2A, 0x28, 0x29, 0x5C, ..<0x20, 0x7F...:
        let hex = String(byte, radix: 16)
        escaped += "\\" + (hex.count == 1 ? "0" + hex : hex)
      default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return escaped
  }

  /// The entries of `base` whose username or display name contains `text`:
  /// `(&BASE(|(uid=*text*)(displayName=*text*)))` with the schema's names,
  /// and on Active Directory whatever its ambiguous name resolution finds
  /// (`(anr=text)`: given name, surname, office and the other names AD
  /// resolves, by their start, and "first last" either way round);
  /// `base` itself when `text` is empty.
  public static func search(_ text: String, within base: String, schema: LDAPSchema) -> String {
    guard !text.isEmpty else { return base }
    let value = escape(text)
    // A credential a schema names is never searched (``SecretAttribute``).
    var alternatives = [schema.usernameAttribute, schema.displayNameAttribute]
      .filter { !SecretAttribute.isSecret($0) }
      .map { "(\($0)=*\(value)*)" }.joined()
    if schema.resolvesAmbiguousNames, !alternatives.isEmpty { alternatives += "(anr=\(value))" }
    return alternatives.isEmpty ? nobody : "(&\(base)(|\(alternatives)))"
  }
}
