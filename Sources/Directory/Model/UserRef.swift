/// One user of a ``UserTable``, as a list model holds it: the table and a
/// position, 16 bytes, whatever the user's strings.
///
/// Identified, like a view model, by the user's identity (id, else
/// username), so list diffs and the list model's item cache work the same;
/// equal when the two users show the same (identity, username, avatar and
/// role), across tables too, which is what a refresh's diff compares.
/// ``viewModel`` makes the row values at bind; any other view-model value
/// reads through it too (`ref.initials`), made when asked.
///
/// Threading: a plain value; `Sendable` (the table is immutable).
@dynamicMemberLookup
public struct UserRef: Sendable, Identifiable, Hashable {
  public let table: UserTable
  /// The user's position in `table`.
  public let index: Int

  public init(table: UserTable, index: Int) {
    precondition(index >= 0 && index < table.userCount, "no such user in the table")
    self.table = table
    self.index = index
  }

  /// The user's identity (id, else username).
  public var id: String { table.identity(at: index) }

  /// The user's identity (id, else username), as a view model names it.
  public var identity: String { id }

  public var username: String { table.username(at: index) }

  public var role: Role { table.role(at: index) }

  /// Whether the account is active (``User/isActive``).
  public var isActive: Bool { table.isActive(at: index) }

  /// The row values, computed now.
  public var viewModel: UserViewModel { table[index] }

  /// The raw avatar string ("" for none).
  public var avatar: String { table.avatar(at: index) }

  /// Any other value of the user's view model, computed now.
  public subscript<Value>(dynamicMember keyPath: KeyPath<UserViewModel, Value>) -> Value {
    viewModel[keyPath: keyPath]
  }

  public static func == (lhs: UserRef, rhs: UserRef) -> Bool {
    (lhs.table === rhs.table && lhs.index == rhs.index)
      || lhs.table.sameUser(at: lhs.index, as: rhs.index, in: rhs.table)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(bytes: UnsafeRawBufferPointer(table.identityBytes(at: index)))
    hasher.combine(bytes: UnsafeRawBufferPointer(table.nameBytes(at: index)))
  }
}
