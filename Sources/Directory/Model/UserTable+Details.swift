/// The details of a table's people: their own text, the shared values and
/// the manager link.
extension UserTable {
  /// Person `index`'s details (the manager as their identity).
  public func details(at index: Int) -> PersonDetails {
    let row = row(index)
    return PersonDetails(
      displayName: string(.displayName, at: index), email: string(.email, at: index),
      title: columns.values.string(Int(columns.titles[row])),
      department: columns.values.string(Int(columns.departments[row])),
      location: columns.values.string(Int(columns.locations[row])),
      phone: string(.phone, at: index),
      manager: managerIdentity(at: index),
      employeeNumber: string(.employeeNumber, at: index),
      city: columns.values.string(Int(columns.cities[row])))
  }

  /// Person `index`'s value of `field` (nil when they have none).
  public func value(_ field: DetailField, at index: Int) -> String? {
    switch field {
    case .displayName: string(.displayName, at: index)
    case .email: string(.email, at: index)
    case .phone: string(.phone, at: index)
    case .employeeNumber: string(.employeeNumber, at: index)
    case .title: columns.values.string(Int(columns.titles[row(index)]))
    case .department: columns.values.string(Int(columns.departments[row(index)]))
    case .location: columns.values.string(Int(columns.locations[row(index)]))
    case .city: columns.values.string(Int(columns.cities[row(index)]))
    case .manager: managerIdentity(at: index)
    }
  }

  /// The position of person `index`'s manager in this table; nil when they
  /// have none or the manager is not in the table.
  public func managerIndex(at index: Int) -> Int? {
    ManagerLinks.row(columns.managers[row(index)]).flatMap(position(ofRow:))
  }

  /// Person `index`'s manager's identity: the identity of the person linked
  /// to, or the reference as the source gave it when nobody here has it.
  public func managerIdentity(at index: Int) -> String? {
    let bytes = managerIdentityBytes(at: index)
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  @inline(__always)
  func managerIdentityBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let link = columns.managers[row(index)]
    // A row linked to keeps the identity of the person removed from it.
    if let row = ManagerLinks.row(link) { return identityBytes(row: row) }
    return columns.managerReferences.bytes(of: ManagerLinks.unresolvedReference(link))
  }

  /// Person `index`'s own field as text; nil when empty.
  @inline(__always)
  func string(_ field: OwnField, at index: Int) -> String? {
    let bytes = bytes(field, at: index)
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the shared values (title, department, location, city) of person
  /// `index` here and `other` of `table` are equal.
  @inline(__always)
  func sharedValuesEqual(at index: Int, as other: Int, in table: UserTable) -> Bool {
    let row = row(index)
    let theirs = table.row(other)
    return sameValue(columns.titles[row], table.columns.titles[theirs], in: table)
      && sameValue(columns.departments[row], table.columns.departments[theirs], in: table)
      && sameValue(columns.locations[row], table.columns.locations[theirs], in: table)
      && sameValue(columns.cities[row], table.columns.cities[theirs], in: table)
  }

  @inline(__always)
  private func sameValue(_ mine: UInt32, _ theirs: UInt32, in table: UserTable) -> Bool {
    if table === self || mine == 0 || theirs == 0 { return mine == theirs }
    return columns.values.bytes(of: Int(mine)).elementsEqual(
      table.columns.values.bytes(of: Int(theirs)))
  }
}
