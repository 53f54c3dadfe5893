/// Just enough PNG framing to hand-craft the broken files: the signature and
/// CRC-checked chunks.
///
/// Threading: immutable constants and pure functions.
enum PNGChunks {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Length, type, data and the CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }
}
