extension Role {
  /// The role as the one byte ``UserTable`` stores: its place in `allCases`.
  var byte: UInt8 {
    switch self {
    case .user: 0
    case .owner: 1
    case .admin: 2
    case .unknown: 3
    }
  }

  /// The role a stored byte stands for (``rowByte(isActive:)``'s too); a
  /// byte no role has reads as `.unknown`.
  init(byte: UInt8) {
    switch byte & ~Self.disabledBit {
    case 0: self = .user
    case 1: self = .owner
    case 2: self = .admin
    default: self = .unknown
    }
  }

  /// The bit of a row's byte that marks a disabled account; the role is
  /// in the others.
  static let disabledBit: UInt8 = 0x80

  /// The byte ``UserTable`` stores for a person of this role whose account
  /// is active or not: the role's ``byte`` and ``disabledBit`` when it is
  /// disabled (a byte written before accounts could be disabled reads as
  /// active).
  func rowByte(isActive: Bool) -> UInt8 { byte | (isActive ? 0 : Self.disabledBit) }

  /// Whether a row's byte (``rowByte(isActive:)``) says the account is active.
  static func isActive(rowByte: UInt8) -> Bool { rowByte & disabledBit == 0 }
}
