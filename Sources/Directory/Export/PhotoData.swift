import FoundationEssentials

/// What the writers need to know of a photo's bytes: its media type, read
/// from its first bytes, and its base64 text.
///
/// Threading: stateless.
enum PhotoData {
  /// The media type the bytes begin like; `application/octet-stream` for
  /// anything else.
  static func mediaType(of bytes: [UInt8]) -> String {
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
    if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      bytes[8..<12].elementsEqual("WEBP".utf8)
    {
      return "image/webp"
    }
    return "application/octet-stream"
  }

  /// `bytes` in base64, as ASCII bytes.
  static func base64(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    Array(Data(bytes).base64EncodedString().utf8)
  }

  /// Whether `bytes` can stand as a URI value on a content line: printable
  /// ASCII without spaces, so nothing in it ends the line or the property.
  static func isPlainURI(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.allSatisfy { $0 > ASCII.space && $0 < ASCII.delete }
  }
}
