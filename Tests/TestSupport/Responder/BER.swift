/// Just enough of BER (X.690) for the tests' LDAP responder: one
/// tag-length-value read from bytes, and values written back.
///
/// Threading: plain values; `Sendable`.
struct BER: Sendable {
  var tag: UInt8
  var content: [UInt8]

  /// The element at the start of `bytes` and its whole length; nil while
  /// `bytes` does not hold all of it yet, or for a length it does not read.
  static func read(_ bytes: ArraySlice<UInt8>) -> (BER, length: Int)? {
    var index = bytes.startIndex
    guard index + 1 < bytes.endIndex else { return nil }
    let tag = bytes[index]
    index += 1
    var length = Int(bytes[index])
    index += 1
    if length & 0x80 != 0 {
      let octets = length & 0x7F
      guard octets <= 4, index + octets <= bytes.endIndex else { return nil }
      length = bytes[index..<(index + octets)].reduce(0) { $0 << 8 | Int($1) }
      index += octets
    }
    guard index + length <= bytes.endIndex else { return nil }
    return (
      BER(tag: tag, content: Array(bytes[index..<(index + length)])),
      index + length
        - bytes.startIndex
    )
  }

  /// The elements inside a constructed element, in order (those it cannot
  /// read are left out).
  var children: [BER] {
    var elements: [BER] = []
    var rest = content[...]
    while let (element, length) = BER.read(rest) {
      elements.append(element)
      rest = rest.dropFirst(length)
    }
    return elements
  }

  /// The content as a non-negative integer.
  var integer: Int { content.reduce(0) { $0 << 8 | Int($1) } }
  var text: String { String(decoding: content, as: UTF8.self) }

  /// The element as bytes on the wire.
  var encoded: [UInt8] {
    var bytes = [tag]
    let count = content.count
    if count < 0x80 {
      bytes.append(UInt8(count))
    } else {
      let octets = (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
        .drop { $0 == 0 }
      bytes.append(0x80 | UInt8(octets.count))
      bytes += octets
    }
    return bytes + content
  }

  static func integer(_ value: Int, tag: UInt8 = 0x02) -> BER {
    var bytes = withUnsafeBytes(of: UInt32(value).bigEndian) { Array($0) }
    while bytes.count > 1 && bytes[0] == 0 && bytes[1] & 0x80 == 0 { bytes.removeFirst() }
    if bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
    return BER(tag: tag, content: bytes)
  }

  static func octets(_ text: String) -> BER { BER(tag: 0x04, content: Array(text.utf8)) }

  static func constructed(_ tag: UInt8, _ children: [BER]) -> BER {
    BER(tag: tag, content: children.flatMap(\.encoded))
  }
}
