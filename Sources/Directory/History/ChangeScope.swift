/// Whose changes to show: everyone's, a manager's people ("my team",
/// "reports to Dalia, all levels") or a group's, decided by who they are
/// now in the people loaded (the offline copy's table). A person who left
/// is no longer anyone's report or member, so a team's or group's changes
/// hold no leavers; a move out of the team shows under the team the
/// person is in now.
///
/// Threading: a plain value; `Sendable`. ``identities(in:groups:)`` walks
/// the table's manager links or a group's nesting: call it off the main
/// thread in a big directory.
public enum ChangeScope: Sendable, Equatable {
  /// Everyone's changes.
  case everyone
  /// The changes of the people who report to the person `identity`: their
  /// direct reports, or with `allLevels` everyone under them (not the
  /// manager themselves).
  case reports(of: String, allLevels: Bool)
  /// The changes of the members of the group `id`, or with `allLevels` of
  /// the groups inside it too.
  case group(id: String, allLevels: Bool)

  /// The identities of the people in scope in `table` (whose groups are
  /// `groups`); nil for everyone. A manager or group not in the table has
  /// no people.
  public func identities(in table: UserTable, groups: DirectoryGroups) -> Set<String>? {
    let positions: [Int]
    switch self {
    case .everyone:
      return nil
    case .reports(let manager, let allLevels):
      guard let position = table.position(ofIdentity: manager) else { return [] }
      positions = allLevels ? table.allReports(of: position) : table.directReports(of: position)
    case .group(let id, let allLevels):
      guard let number = groups.firstIndex(where: { $0.id == id }) else { return [] }
      positions = groups.members(of: number, allLevels: allLevels)
    }
    return Set(positions.map(table.identity(at:)))
  }

  /// The changes among `changes` of the people in scope in `table`, in
  /// their order.
  public func changes(
    _ changes: [PersonChange], in table: UserTable, groups: DirectoryGroups
  ) -> [PersonChange] {
    guard let people = identities(in: table, groups: groups) else { return changes }
    return changes.filter { people.contains($0.identity) }
  }
}
