/// Percent-encoding of SCIM query values and path segments: everything but
/// RFC 3986's unreserved characters is encoded, so a filter's quotes,
/// spaces and ampersands reach the server as typed.
///
/// Threading: stateless; callable from any thread.
enum SCIMQuery {
  static func encode(_ items: [(String, String)]) -> String {
    items.map { "\($0.0)=\(escape($0.1))" }.joined(separator: "&")
  }

  /// The path of the resource `id` under `/<type>`, nil for an id that
  /// would name another path ("", ".", "..").
  static func resource(_ type: String, _ id: String) -> String? {
    guard !id.isEmpty, id != ".", id != ".." else { return nil }
    return "/\(type)/" + escape(id)
  }

  static func escape(_ text: String) -> String {
    var escaped = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        escaped += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return escaped
  }
}
