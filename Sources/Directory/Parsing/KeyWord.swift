/// The data format's key names as little-endian machine words, so matching a
/// key is one integer compare instead of a byte loop (role values: ``RoleWord``).
/// Literal constants, because stored statics are lazily initialised globals
/// checked on every access.
///
/// Threading: immutable constants.
enum KeyWord {
  /// "username"
  static var username: UInt64 { 0x656D_616E_7265_7375 }
  /// "avat"
  static var avatarHead: UInt32 { 0x7461_7661 }
  /// "ar"
  static var avatarTail: UInt16 { 0x7261 }
  /// "role"
  static var role: UInt32 { 0x656C_6F72 }
  /// "id"
  static var id: UInt16 { 0x6469 }
}

extension UnsafeBufferPointer<UInt8> {
  // Concrete loads, not one generic one: an unspecialised generic load costs
  // a metadata lookup per key.

  /// Eight bytes from `offset` as a word; the caller has checked the count.
  @inline(__always)
  func loadUInt64(at offset: Int) -> UInt64 {
    UnsafeRawPointer(baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
  }

  @inline(__always)
  func loadUInt32(at offset: Int) -> UInt32 {
    UnsafeRawPointer(baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt32.self)
  }

  @inline(__always)
  func loadUInt16(at offset: Int) -> UInt16 {
    UnsafeRawPointer(baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt16.self)
  }
}
