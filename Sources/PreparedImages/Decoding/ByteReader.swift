/// Bounds-checked reads from a byte array; every read past the end is nil.
///
/// Threading: a value, used by one thread at a time.
struct ByteReader {
  let bytes: [UInt8]

  func byte(at offset: Int) -> UInt8? { offset >= 0 && offset < bytes.count ? bytes[offset] : nil }

  func matches(_ expected: [UInt8], at offset: Int) -> Bool {
    offset >= 0 && offset + expected.count <= bytes.count
      && bytes[offset..<offset + expected.count].elementsEqual(expected)
  }

  func uint16BE(at offset: Int) -> Int? {
    guard let high = byte(at: offset), let low = byte(at: offset + 1) else { return nil }
    return Int(high) << 8 | Int(low)
  }

  func uint16LE(at offset: Int) -> Int? {
    guard let low = byte(at: offset), let high = byte(at: offset + 1) else { return nil }
    return Int(high) << 8 | Int(low)
  }

  func uint32BE(at offset: Int) -> Int? {
    guard let high = uint16BE(at: offset), let low = uint16BE(at: offset + 2) else { return nil }
    return high << 16 | low
  }
}
