/// A ``PersonFilter`` run over a local ``UserTable``: values folded to
/// lower case once, people's values read as bytes straight from the table
/// (ASCII folded while compared; other text folded per value), positions
/// found in parallel chunks.
///
/// Threading: an immutable `Sendable` value; run it off the main thread.
public struct TableFilter: Sendable {
  private indirect enum Node: Sendable {
    case compare(PersonField, FilterOperator, [UInt8])
    case present(PersonField)
    case and(Node, Node)
    case or(Node, Node)
    case not(Node)
  }

  private let table: UserTable
  private let root: Node

  /// `filter`, ready to run over `table`.
  public init(_ filter: PersonFilter, over table: UserTable) {
    self.table = table
    root = Self.compile(filter)
  }

  private static func compile(_ filter: PersonFilter) -> Node {
    switch filter {
    case .compare(let field, let op, let value):
      .compare(field, op, Array(value.lowercased().utf8))
    case .present(let field): .present(field)
    case .and(let left, let right): .and(compile(left), compile(right))
    case .or(let left, let right): .or(compile(left), compile(right))
    case .not(let inner): .not(compile(inner))
    }
  }

  /// The positions (ascending) of the people who match, among `candidates`
  /// when given; nil if `isCancelled` turned true while scanning.
  public func positions(
    within candidates: [Int]? = nil, isCancelled: @Sendable () -> Bool = { Task.isCancelled }
  ) -> [Int]? {
    ParallelScan.positions(
      of: candidates ?? Array(0..<table.userCount), in: table, isCancelled: isCancelled
    ) { matches(at: $0) }
  }

  /// Whether person `index` matches.
  public func matches(at index: Int) -> Bool { evaluate(root, index) }

  private func evaluate(_ node: Node, _ index: Int) -> Bool {
    switch node {
    case .compare(let field, let op, let value):
      return compare(table.filterBytes(field, at: index), op, value)
    case .present(let field): return !table.filterBytes(field, at: index).isEmpty
    case .and(let left, let right): return evaluate(left, index) && evaluate(right, index)
    case .or(let left, let right): return evaluate(left, index) || evaluate(right, index)
    case .not(let inner): return !evaluate(inner, index)
    }
  }

  /// `op` between a person's value and the folded `value`; a person without
  /// a value matches only `ne` (as LDAP's `(!(a=v))` does).
  private func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ op: FilterOperator, _ value: [UInt8])
    -> Bool
  {
    if bytes.isEmpty { return op == .ne }
    if SearchText.isASCII(bytes) {
      return FoldedCompare.apply(op, FoldedASCII(bytes), value)
    }
    let folded = Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
    return folded.withUnsafeBufferPointer { FoldedCompare.apply(op, FoldedBytes($0), value) }
  }
}

extension UserTable {
  /// Person `index`'s value of `field` as UTF-8 ("" when none), as a filter
  /// reads it: a manager by their identity, a role by its name in users.json.
  @inline(__always)
  func filterBytes(_ field: PersonField, at index: Int) -> UnsafeBufferPointer<UInt8> {
    switch field {
    case .username: nameBytes(at: index)
    case .displayName: bytes(.displayName, at: index)
    case .email: bytes(.email, at: index)
    case .phone: bytes(.phone, at: index)
    case .employeeNumber: bytes(.employeeNumber, at: index)
    case .title: columns.values.bytes(of: Int(columns.titles[row(index)]))
    case .department: columns.values.bytes(of: Int(columns.departments[row(index)]))
    case .location: columns.values.bytes(of: Int(columns.locations[row(index)]))
    case .city: columns.values.bytes(of: Int(columns.cities[row(index)]))
    case .manager: managerIdentityBytes(at: index)
    case .role: role(at: index).jsonBytes
    case .active: PersonField.activeBytes(isActive(at: index))
    }
  }
}

extension Role {
  /// The role's value in users.json as static UTF-8 ("" for a role Roster
  /// does not know: its text is not kept).
  var jsonBytes: UnsafeBufferPointer<UInt8> {
    let text: StaticString =
      switch self {
      case .user: "User"
      case .owner: "Owner"
      case .admin: "Admin"
      case .unknown: ""
      }
    return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }
}

extension PersonField {
  /// The ``active`` field's value as static UTF-8: "true" or "false".
  static func activeBytes(_ isActive: Bool) -> UnsafeBufferPointer<UInt8> {
    let text: StaticString = isActive ? "true" : "false"
    return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }
}
