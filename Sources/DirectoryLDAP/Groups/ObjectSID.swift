/// An Active Directory security identifier (`objectSid`) in its binary
/// form: a revision byte, the count of sub-authorities, a 48-bit
/// authority, then each sub-authority as 32 bits little-endian; the last
/// is the relative identifier (RID) within the domain.
///
/// Threading: a plain value; `Sendable`.
struct ObjectSID: Sendable, Equatable {
  let bytes: [UInt8]

  /// The SID `bytes` hold; nil when they are not one (a revision other
  /// than 1, no sub-authority, or a length that does not match the count).
  init?(_ bytes: [UInt8]) {
    guard bytes.count >= 12, bytes[0] == 1, bytes[1] >= 1, bytes[1] <= 15,
      bytes.count == 8 + 4 * Int(bytes[1])
    else { return nil }
    self.bytes = bytes
  }

  /// The SID of the same domain with `rid` as its relative identifier: a
  /// person's primary group is their domain's SID and `primaryGroupID`.
  func withRelativeID(_ rid: UInt32) -> ObjectSID {
    var bytes = bytes
    for k in 0..<4 { bytes[bytes.count - 4 + k] = UInt8(truncatingIfNeeded: rid >> (8 * k)) }
    return ObjectSID(bytes)!
  }

  /// The SID as a filter's assertion value: every byte escaped (`\01\05…`).
  var filterValue: String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 3)
    for byte in bytes {
      text += [UInt8(ascii: "\\"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
    }
    return String(decoding: text, as: UTF8.self)
  }
}
