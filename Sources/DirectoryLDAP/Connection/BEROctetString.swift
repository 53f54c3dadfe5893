/// A BER OCTET STRING (X.690 §8.7, definite length) of some bytes: the
/// value of a control that carries a single string, such as 389 Directory
/// Server's Get Effective Rights.
///
/// Threading: stateless.
enum BEROctetString {
  /// The tag, the length (short form below 128, else long form) and `bytes`.
  static func encode(_ bytes: [UInt8]) -> [UInt8] {
    var length: [UInt8] = []
    var count = bytes.count
    if count < 0x80 {
      length = [UInt8(count)]
    } else {
      while count > 0 {
        length.insert(UInt8(count & 0xFF), at: 0)
        count >>= 8
      }
      length.insert(0x80 | UInt8(length.count), at: 0)
    }
    return [0x04] + length + bytes
  }
}
