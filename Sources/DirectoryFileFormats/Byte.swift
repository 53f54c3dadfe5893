/// The ASCII bytes the CSV and vCard readers look for.
///
/// Threading: constants.
enum Byte {
  static let tab: UInt8 = 0x09
  static let newline: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let apostrophe: UInt8 = 0x27
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let colon: UInt8 = 0x3A
  static let semicolon: UInt8 = 0x3B
  static let equals: UInt8 = 0x3D
  static let at: UInt8 = 0x40
  static let backslash: UInt8 = 0x5C

  /// A UTF-8 byte order mark, which spreadsheets write first.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// Where `bytes` start after a byte order mark, if they begin with one.
  static func start(afterByteOrderMarkOf bytes: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
  }
}
