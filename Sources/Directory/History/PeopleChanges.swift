/// The changes a history keeps (``PersonChange``) between two states of
/// a person or of everyone: a joiner, a leaver, a move (department,
/// location, manager) and a new title. Other fields (a phone, a photo)
/// are not history.
///
/// Threading: stateless; any thread. Comparing two tables is linear in
/// their people: run it off the main thread.
public enum PeopleChanges {
  /// How `identity` changed from `old` to `new` (nil: not in the copy),
  /// dated `seconds`; a manager is named by `managerName` (their name
  /// when the copy holds them, else the reference as the server gave it).
  public static func of(
    _ identity: String, from old: User?, to new: User?, at seconds: Int64,
    managerName: (String) -> String = { $0 }
  ) -> [PersonChange] {
    switch (old, new) {
    case (nil, nil):
      return []
    case (nil, let joiner?):
      return [
        change(
          .joined, of: identity, as: joiner, at: seconds, new: joiner.details.title ?? "")
      ]
    case (let leaver?, nil):
      return [
        change(.left, of: identity, as: leaver, at: seconds, old: leaver.details.title ?? "")
      ]
    case (let before?, let after?):
      var changes: [PersonChange] = []
      for field in [DetailField.title] + PersonChange.moveFields {
        let was = before.details[field] ?? ""
        let now = after.details[field] ?? ""
        guard was != now else { continue }
        let isManager = field == .manager
        changes.append(
          change(
            field == .title ? .title : .moved, of: identity, as: after, at: seconds,
            field: field, old: isManager && !was.isEmpty ? managerName(was) : was,
            new: isManager && !now.isEmpty ? managerName(now) : now))
      }
      return changes
    }
  }

  /// Every change from `old` to `new`, two tables of one copy (a full
  /// refresh and the copy before it), dated `seconds`: the people of
  /// `new` in its order, then those `old` held and `new` does not.
  public static func between(_ old: UserTable, _ new: UserTable, at seconds: Int64)
    -> [PersonChange]
  {
    var changes: [PersonChange] = []
    var kept = [Bool](repeating: false, count: old.userCount)
    for index in 0..<new.userCount {
      let identity = new.identity(at: index)
      let before = old.position(ofIdentity: identity)
      if let before {
        kept[before] = true
        if new.sameUser(at: index, as: before, in: old) { continue }
      }
      changes += of(
        identity, from: before.map(old.user(at:)), to: new.user(at: index), at: seconds,
        managerName: { managerName($0, in: new) })
    }
    for index in 0..<old.userCount where !kept[index] {
      changes += of(old.identity(at: index), from: old.user(at: index), to: nil, at: seconds)
    }
    return changes
  }

  /// The name of the manager `reference` names in `table` (display name,
  /// else username), or the reference when nobody there has it.
  public static func managerName(_ reference: String, in table: UserTable) -> String {
    guard let position = table.position(ofIdentity: reference) else { return reference }
    let user = table.user(at: position)
    return user.details.displayName ?? user.username
  }

  private static func change(
    _ kind: PersonChange.Kind, of identity: String, as user: User, at seconds: Int64,
    field: DetailField? = nil, old: String = "", new: String = ""
  ) -> PersonChange {
    PersonChange(
      seconds: seconds, kind: kind, field: field, identity: identity, username: user.username,
      name: user.details.displayName ?? "", old: old, new: new)
  }
}
