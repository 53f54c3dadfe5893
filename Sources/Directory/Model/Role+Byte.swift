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

  /// The role a stored byte stands for; a byte no role has reads as `.unknown`.
  init(byte: UInt8) {
    switch byte {
    case 0: self = .user
    case 1: self = .owner
    case 2: self = .admin
    default: self = .unknown
    }
  }
}
