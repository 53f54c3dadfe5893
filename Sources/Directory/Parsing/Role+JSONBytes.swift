extension Role {
  /// `init(jsonValue:)` without building a String first.
  @inline(__always)
  init(jsonBytes bytes: UnsafeBufferPointer<UInt8>) {
    switch bytes.count {
    case 4 where bytes.loadUInt32(at: 0) == FieldName.user: self = .user
    case 5 where bytes.loadUInt32(at: 0) == FieldName.ownerHead && bytes[4] == UInt8(ascii: "r"):
      self = .owner
    case 5 where bytes.loadUInt32(at: 0) == FieldName.adminHead && bytes[4] == UInt8(ascii: "n"):
      self = .admin
    default: self = .unknown
    }
  }
}
