/// Finds a person of a ``UserTable`` by identity (id, else username) in
/// one probe or a few: open addressing over 32-bit positions, no string
/// made. Manager references and group members are resolved through it.
///
/// It holds positions only, not the table (which keeps its index: a
/// reference back would keep both alive for good); every lookup names the
/// table it indexes.
///
/// Threading: made on one thread, then only read; `Sendable`.
struct IdentityIndex: Sendable {
  private let slots: [UInt32]
  private let mask: Int

  /// The index of everyone in `table`.
  init(_ table: UserTable) {
    let count = table.userCount
    var slotCount = 16
    while slotCount < count * 2 { slotCount <<= 1 }
    let mask = slotCount - 1
    var slots = [UInt32](repeating: 0, count: slotCount)
    defer { table.releaseMappedPages() }
    for position in 0..<count {
      table.scanned(position)
      var slot = Int(truncatingIfNeeded: StringInterner.hash(table.identityBytes(at: position)))
      slot &= mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = UInt32(position + 1)
    }
    self.slots = slots
    self.mask = mask
  }

  private init(slots: [UInt32], mask: Int) {
    self.slots = slots
    self.mask = mask
  }

  /// The index of `patch`'s table made from this one, the index of its
  /// table before: the people removed taken out, the others' positions
  /// moved past them, the people added put in. Every pass is over the
  /// slots or the people changed, never a hash of everyone's identity;
  /// nil when the added people would crowd the slots (index the table
  /// anew). A person changed keeps their identity (``UserTable/patched(_:)``).
  func patched(_ patch: TablePatch) -> IdentityIndex? {
    guard patch.table.userCount * 2 <= slots.count else { return nil }
    var slots = slots
    for position in patch.removed {
      Self.remove(position, from: &slots, mask: mask, in: patch.previous)
    }
    if !patch.removed.isEmpty {
      for slot in slots.indices where slots[slot] != 0 {
        slots[slot] = UInt32(patch.position(after: Int(slots[slot]) - 1)! + 1)
      }
    }
    for position in patch.added {
      var slot = Self.home(patch.table.identityBytes(at: position), mask)
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = UInt32(position + 1)
    }
    return IdentityIndex(slots: slots, mask: mask)
  }

  private static func home(_ identity: some Collection<UInt8>, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: StringInterner.hash(identity)) & mask
  }

  /// Takes person `position` of `table` out of `slots`, moving back the
  /// people after it in its run whose home is not between (a deletion
  /// that leaves every probe sequence unbroken, with no tombstone).
  private static func remove(
    _ position: Int, from slots: inout [UInt32], mask: Int, in table: UserTable
  ) {
    var slot = home(table.identityBytes(at: position), mask)
    while slots[slot] != UInt32(position + 1) {
      guard slots[slot] != 0 else { return }
      slot = (slot + 1) & mask
    }
    var hole = slot
    slots[hole] = 0
    var next = hole
    while true {
      next = (next + 1) & mask
      guard slots[next] != 0 else { return }
      let wanted = home(table.identityBytes(at: Int(slots[next]) - 1), mask)
      // It stays when its home lies cyclically in (hole, next].
      let stays =
        hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
      if stays { continue }
      slots[hole] = slots[next]
      slots[next] = 0
      hole = next
    }
  }

  /// The position of the first person of `table` (the table indexed)
  /// whose identity is `wanted` (as a refresh matches rows), nil when
  /// nobody has it.
  func position(of wanted: some Collection<UInt8>, in table: UserTable) -> Int? {
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
    identityCache.value { IdentityIndex(self) }.position(of: Array(identity.utf8), in: self)
  }
}
