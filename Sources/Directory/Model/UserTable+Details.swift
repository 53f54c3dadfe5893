/// The details of a table's people: their own text, the shared values and
/// the manager link.
extension UserTable {
  /// Person `index`'s details (the manager as their identity).
  public func details(at index: Int) -> PersonDetails {
    PersonDetails(
      displayName: string(.displayName, at: index), email: string(.email, at: index),
      title: columns.values.string(Int(columns.titles[index])),
      department: columns.values.string(Int(columns.departments[index])),
      location: columns.values.string(Int(columns.locations[index])),
      phone: string(.phone, at: index),
      manager: managerIdentity(at: index),
      employeeNumber: string(.employeeNumber, at: index))
  }

  /// Person `index`'s value of `field` (nil when they have none).
  public func value(_ field: DetailField, at index: Int) -> String? {
    switch field {
    case .displayName: string(.displayName, at: index)
    case .email: string(.email, at: index)
    case .phone: string(.phone, at: index)
    case .employeeNumber: string(.employeeNumber, at: index)
    case .title: columns.values.string(Int(columns.titles[index]))
    case .department: columns.values.string(Int(columns.departments[index]))
    case .location: columns.values.string(Int(columns.locations[index]))
    case .manager: managerIdentity(at: index)
    }
  }

  /// The position of person `index`'s manager in this table; nil when they
  /// have none or the manager is not in the table.
  public func managerIndex(at index: Int) -> Int? {
    ManagerLinks.position(columns.managers[index])
  }

  /// Person `index`'s manager's identity: the identity of the person linked
  /// to, or the reference as the source gave it when nobody here has it.
  public func managerIdentity(at index: Int) -> String? {
    let bytes = managerIdentityBytes(at: index)
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  @inline(__always)
  func managerIdentityBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let link = columns.managers[index]
    if let position = ManagerLinks.position(link) { return identityBytes(at: position) }
    return columns.managerReferences.bytes(of: ManagerLinks.unresolvedReference(link))
  }

  /// Person `index`'s own field as text; nil when empty.
  @inline(__always)
  func string(_ field: OwnField, at index: Int) -> String? {
    let bytes = bytes(field, at: index)
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the shared values (title, department, location) of person
  /// `index` here and `other` of `table` are equal.
  @inline(__always)
  func sharedValuesEqual(at index: Int, as other: Int, in table: UserTable) -> Bool {
    sameValue(columns.titles[index], table.columns.titles[other], in: table)
      && sameValue(columns.departments[index], table.columns.departments[other], in: table)
      && sameValue(columns.locations[index], table.columns.locations[other], in: table)
  }

  @inline(__always)
  private func sameValue(_ mine: UInt32, _ theirs: UInt32, in table: UserTable) -> Bool {
    if table === self || mine == 0 || theirs == 0 { return mine == theirs }
    return columns.values.bytes(of: Int(mine)).elementsEqual(
      table.columns.values.bytes(of: Int(theirs)))
  }
}
