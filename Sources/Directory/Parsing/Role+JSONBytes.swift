extension Role {
  /// `init(jsonValue:)` without building a String first.
  @inline(__always)
  init(jsonBytes bytes: UnsafeBufferPointer<UInt8>) {
    switch bytes.count {
    case 4 where bytes.loadUInt32(at: 0) == RoleWord.user: self = .user
    case 5 where bytes.loadUInt32(at: 0) == RoleWord.ownerHead && bytes[4] == UInt8(ascii: "r"):
      self = .owner
    case 5 where bytes.loadUInt32(at: 0) == RoleWord.adminHead && bytes[4] == UInt8(ascii: "n"):
      self = .admin
    default: self = .unknown
    }
  }
}

/// The role values as little-endian machine words, like ``KeyWord``.
///
/// Threading: immutable constants.
private enum RoleWord {
  /// "User"
  static var user: UInt32 { 0x7265_7355 }
  /// "Owne"
  static var ownerHead: UInt32 { 0x656E_774F }
  /// "Admi"
  static var adminHead: UInt32 { 0x696D_6441 }
}
