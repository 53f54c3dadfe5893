/// One group for a demo directory: a `groupOfNames` under ou=groups named
/// by its `cn`, with its members' DNs (people, or other groups: nested).
///
/// Threading: a plain value; `Sendable`.
public struct LDIFGroup: Sendable, Hashable {
  public var cn: String
  /// The members' DNs, in order; a groupOfNames needs at least one.
  public var members: [String]
  public var description: String?

  public init(cn: String, members: [String], description: String? = nil) {
    self.cn = cn
    self.members = members
    self.description = description
  }
}
