/// The links that write to or call a person, made from untrusted directory
/// values: `mailto:` (RFC 6068) and `tel:` (RFC 3966). An address that is
/// not one (no single `@`, spaces, control characters, angle brackets)
/// gives no link at all rather than one that does something else; what an
/// address may hold that a mailto URI gives meaning to (`?`, `&`, `,`,
/// `%`, `#`, `=`) is percent-encoded, so a value cannot add a recipient, a
/// subject or a body.
///
/// Threading: stateless.
public enum ContactLinks {
  /// The longest mailto URI made: desktop mail apps and the portal take
  /// URIs of this length everywhere (longer ones are cut by some).
  public static let maxMailtoLength = 2_000

  /// A message to every address in `addresses`; nil when one is not an
  /// address, or when the URI would be longer than ``maxMailtoLength``.
  public static func mailto(_ addresses: [String]) -> String? {
    guard !addresses.isEmpty else { return nil }
    var uri = "mailto:"
    for (number, address) in addresses.enumerated() {
      guard isAddress(address) else { return nil }
      if number > 0 { uri += "," }
      uri += percentEncoded(address)
      if uri.utf8.count > maxMailtoLength { return nil }
    }
    return uri
  }

  /// A call to `phone`; nil when it is not a phone number (digits, a
  /// leading `+`, and the separators people write: spaces, `-`, `.`,
  /// `(`, `)`).
  public static func tel(_ phone: String) -> String? {
    var number = ""
    var digits = 0
    for (offset, character) in phone.trimmingSpaces.enumerated() {
      switch character {
      case "0"..."9":
        number.append(character)
        digits += 1
      case "+" where offset == 0: number.append(character)
      case " ", "-", ".", "(", ")": if !number.isEmpty, number.last != "-" { number.append("-") }
      default: return nil
      }
    }
    while number.last == "-" { number.removeLast() }
    return digits >= 3 ? "tel:" + number : nil
  }

  /// Whether `text` is one email address: one `@` with something on each
  /// side, nothing that is a space, a control character or an angle bracket.
  public static func isAddress(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
        && scalar != "<" && scalar != ">" && scalar != "\"" && scalar != "\\"
    }
  }

  /// `text` with every byte but RFC 3986's unreserved ones and the
  /// sub-delimiters an address keeps (`!$'()*+;:@`) percent-encoded.
  static func percentEncoded(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
        UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("),
        UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ";"),
        UInt8(ascii: ":"), UInt8(ascii: "@"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        encoded.unicodeScalars.append("%")
        encoded.unicodeScalars.append(hex[Int(byte >> 4)])
        encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
      }
    }
    return encoded
  }
}

extension String {
  /// The string without spaces at either end.
  fileprivate var trimmingSpaces: Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
    return self[start..<max(start, end)]
  }
}
