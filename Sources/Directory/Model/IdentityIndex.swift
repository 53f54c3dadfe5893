/// Finds a person of a ``UserTable`` by identity (id, else username) in
/// one probe or a few: open addressing over 32-bit positions, no string
/// made. Manager references and group members are resolved through it.
///
/// Threading: made on one thread, then only read; `Sendable`.
struct IdentityIndex: Sendable {
  private let table: UserTable
  private let slots: [UInt32]
  private let mask: Int

  /// The index of everyone in `table`.
  init(_ table: UserTable) {
    let count = table.userCount
    var slotCount = 16
    while slotCount < count * 2 { slotCount <<= 1 }
    let mask = slotCount - 1
    var slots = [UInt32](repeating: 0, count: slotCount)
    for position in 0..<count {
      var slot = Int(truncatingIfNeeded: StringInterner.hash(table.identityBytes(at: position)))
      slot &= mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = UInt32(position + 1)
    }
    self.table = table
    self.slots = slots
    self.mask = mask
  }

  /// The position of the first person whose identity is `wanted` (as a
  /// refresh matches rows), nil when nobody has it.
  func position(of wanted: some Collection<UInt8>) -> Int? {
    var slot = Int(truncatingIfNeeded: StringInterner.hash(wanted)) & mask
    while slots[slot] != 0 {
      let candidate = Int(slots[slot]) - 1
      if table.identityBytes(at: candidate).elementsEqual(wanted) { return candidate }
      slot = (slot + 1) & mask
    }
    return nil
  }
}

extension UserTable {
  /// The position of the first person whose identity (id, else username)
  /// is `identity`; nil when nobody's is. The first call indexes everyone
  /// (linear, off the main thread for a large table); later ones probe.
  public func position(ofIdentity identity: String) -> Int? {
    identityCache.value { IdentityIndex(self) }.position(of: Array(identity.utf8))
  }
}
