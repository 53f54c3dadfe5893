import CLDAP
import Directory

/// The attributes a ``DirectoryEntry`` is made of, matched by name once per
/// attribute as libldap hands an entry over (`LDAPSession.scanEntry`): a
/// person read forward becomes an entry with one `String` per field and no
/// ``LDAPRawEntry`` in between. It makes what
/// ``LDAPEntryMapper/entry(_:hasPhoto:)`` makes of the same entry without a
/// photo.
///
/// Threading: a plain value; `Sendable`.
struct LDAPPersonFields: Sendable {
  /// Where an attribute's first value is kept while an entry is read.
  private enum Slot: Int, CaseIterable {
    case username, fallbackName, role, accountState
    case displayName, email, title, department, location, phone, manager, employeeNumber
    case uniqueID

    /// The detail field the slot holds, if it holds one.
    var detail: DetailField? {
      switch self {
      case .displayName: .displayName
      case .email: .email
      case .title: .title
      case .department: .department
      case .location: .location
      case .phone: .phone
      case .manager: .manager
      case .employeeNumber: .employeeNumber
      case .username, .fallbackName, .role, .accountState, .uniqueID: nil
      }
    }
  }

  private let identity: LDAPOptions.Identity
  private let schema: LDAPSchema
  /// Whether the unique identifier is 16 bytes (``LDAPUniqueID``).
  private let binaryID: Bool
  /// Each slot's attribute name as bytes, by `Slot.rawValue`.
  private let names: [[UInt8]]

  /// The fields of `mapper`'s schema and identity.
  init(_ mapper: LDAPEntryMapper) {
    identity = mapper.identity
    let schema = mapper.schema
    self.schema = schema
    binaryID = LDAPUniqueID.isBinary(schema.uniqueIDAttribute)
    names = Slot.allCases.map { slot in
      let name =
        switch slot {
        case .username: schema.usernameAttribute
        case .fallbackName: schema.fallbackNameAttribute
        case .role: schema.roleAttribute
        case .accountState: schema.accountStateAttribute
        case .uniqueID: schema.uniqueIDAttribute
        default: slot.detail.flatMap { schema.attribute(for: $0) } ?? ""
        }
      return Array(name.utf8)
    }
  }

  /// Entry `message` of `session`'s search as a person, and the bytes of
  /// its values. Values stay in the message until the entry is made.
  func entry(_ message: OpaquePointer, in session: LDAPSession) -> (
    entry: DirectoryEntry, valueBytes: Int
  ) {
    withUnsafeTemporaryAllocation(
      of: UnsafeRawBufferPointer?.self, capacity: Slot.allCases.count
    ) { firsts in
      firsts.initialize(repeating: nil)
      // The slots whose attribute came, with a value or without.
      var seen: UInt32 = 0
      var dn = ""
      let valueBytes = session.scanEntry(message) { bytes in
        dn = String(decoding: bytes, as: UTF8.self)
      } attribute: { name, values in
        // The first attribute of a name fills every slot of that name (a
        // schema may read one attribute twice), as LDAPRawEntry's look-up.
        for slot in names.indices where seen & (1 << slot) == 0 && Self.sameName(name, names[slot])
        {
          seen |= 1 << slot
          firsts[slot] = values.first.map(Self.bytes)
        }
      }
      func text(_ slot: Slot) -> String? {
        firsts[slot.rawValue].flatMap { value in
          value.withMemoryRebound(to: UInt8.self, FieldLimit.validatedString)
        }
      }
      let uniqueID = firsts[Slot.uniqueID.rawValue].flatMap {
        LDAPUniqueID.text($0, binary: binaryID)
      }
      var details = PersonDetails()
      for slot in Slot.allCases {
        if let field = slot.detail { details[field] = text(slot) }
      }
      if details.displayName == nil { details.displayName = text(.fallbackName) }
      let entry = DirectoryEntry(
        id: identity == .uniqueID ? (uniqueID ?? dn) : dn,
        username: text(.username) ?? "", details: details,
        role: Role(jsonValue: text(.role) ?? ""),
        isActive: schema.isActive(accountState: text(.accountState)), photoVersion: nil)
      return (entry, valueBytes)
    }
  }

  /// A value's bytes where libldap holds them.
  private static func bytes(_ value: berval) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: value.bv_val, count: Int(value.bv_len))
  }

  /// ``LDAPRawEntry/sameName(_:_:)`` over bytes.
  @inline(__always)
  private static func sameName(_ a: UnsafeBufferPointer<UInt8>, _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    for index in 0..<a.count {
      let (x, y) = (a[index], b[index])
      guard x == y || (x ^ y == 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A) else {
        return false
      }
    }
    return true
  }
}
