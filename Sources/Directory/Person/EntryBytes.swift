/// One person's fields as bytes, the way a parse reads them: buffers reused
/// from entry to entry (the scanner's strings last only until it reads the
/// next one), handed to ``UserTableBuilder`` whole.
///
/// Threading: owned by one parse (or one builder call).
struct EntryBytes {
  /// Empty when there is no id (the username is the identity).
  var id: [UInt8] = []
  var username: [UInt8] = []
  /// Empty when there is no avatar.
  var avatar: [UInt8] = []
  var role = Role.unknown
  var isActive = true
  /// The details' text, in ``DetailField`` order; empty means none.
  var details = [[UInt8]](repeating: [], count: DetailField.allCases.count)

  /// Empties every field, keeping the buffers.
  mutating func reset() {
    id.removeAll(keepingCapacity: true)
    username.removeAll(keepingCapacity: true)
    avatar.removeAll(keepingCapacity: true)
    role = .unknown
    isActive = true
    for field in details.indices { details[field].removeAll(keepingCapacity: true) }
  }

  /// `user`'s fields.
  init(_ user: User) {
    id = Array((user.id ?? "").utf8)
    username = Array(user.username.utf8)
    avatar = Array(user.avatar.utf8)
    role = user.role
    isActive = user.isActive
    for (index, field) in DetailField.allCases.enumerated() {
      details[index] = Array((user.details[field] ?? "").utf8)
    }
  }

  /// No fields yet.
  init() {}

  /// The bytes of a field a person's own stretch of a table holds.
  @inline(__always)
  func own(_ field: UserTable.OwnField) -> [UInt8] {
    switch field {
    case .id: id
    case .username: username
    case .displayName: details[DetailField.displayName.index]
    case .email: details[DetailField.email.index]
    case .phone: details[DetailField.phone.index]
    case .employeeNumber: details[DetailField.employeeNumber.index]
    }
  }

  /// The bytes of detail `field`.
  subscript(field: DetailField) -> [UInt8] {
    get { details[field.index] }
    set { details[field.index] = newValue }
  }
}

extension DetailField {
  /// The field's position in ``allCases``.
  var index: Int {
    switch self {
    case .displayName: 0
    case .email: 1
    case .title: 2
    case .department: 3
    case .location: 4
    case .phone: 5
    case .manager: 6
    case .employeeNumber: 7
    case .city: 8
    }
  }
}
