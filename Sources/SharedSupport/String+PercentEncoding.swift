extension String {
  /// The text with every byte of its UTF-8 that `keeps` refuses written as
  /// `%XX` (upper-case hex), as URLs carry text.
  public func percentEncoded(keeping keeps: (UInt8) -> Bool) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(utf8.count)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in utf8 {
      if keeps(byte) {
        output.append(byte)
      } else {
        output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// Which bytes a part of a URL carries as they are (RFC 3986), for
/// ``Swift/String/percentEncoded(keeping:)``.
public enum URLBytes {
  /// Letters, digits and `-._~`.
  public static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// What a path keeps: the unreserved bytes and `!$&'()*+,=:@/`.
  public static func isPathByte(_ byte: UInt8) -> Bool {
    isUnreserved(byte) || "!$&'()*+,=:@/".utf8.contains(byte)
  }

  /// What a fragment (or a whole reference) keeps: a path's bytes and `;?`.
  public static func isFragmentByte(_ byte: UInt8) -> Bool {
    isPathByte(byte) || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "?")
  }
}
