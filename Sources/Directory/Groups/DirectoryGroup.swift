/// One group of a directory: its identity, its name, the people in it and
/// the groups inside it.
///
/// Threading: a plain value; `Sendable`.
public struct DirectoryGroup: Sendable, Equatable {
  /// The identity the source gives it (its id, else its name).
  public var id: String
  /// The name shown (its identity when it has none).
  public var name: String
  /// The positions of its direct members in the directory's table, each
  /// once, in the source's order (32 bits each: a big directory's groups
  /// hold millions).
  public var members: [UInt32] = []
  /// The numbers (in ``DirectoryGroups``) of the groups inside it.
  public var subgroups: [Int] = []
  /// Members the source names that are not in the directory.
  public var unknownMembers = 0
  /// Groups inside it the source names that it does not have.
  public var unknownGroups = 0

  /// A group with no members yet.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
