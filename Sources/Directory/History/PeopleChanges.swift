/// The changes a history keeps (``PersonChange``) between two states of
/// a person or of everyone: a joiner, a leaver, a move (department,
/// location, manager) and a new title. Other fields (a phone, a photo)
/// are not history.
///
/// Threading: stateless; any thread. Comparing two tables is linear in
/// their people: run it off the main thread.
public enum PeopleChanges {
  /// A manager as a reference names them: whom it is (their identity
  /// when the people hold them, else the reference as the server gave it)
  /// and their name (display name, else username; the reference when
  /// unknown).
  public typealias NamedManager = (who: String, name: String)

  /// How `identity` changed from `old` to `new` (nil: not in the copy),
  /// dated `seconds`; a manager reference is told by `manager` (two
  /// references to the same person, a DN and an entryUUID, are no move).
  public static func of(
    _ identity: String, from old: User?, to new: User?, at seconds: Int64,
    manager: (String) -> NamedManager = { ($0, $0) }
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
        var was = before.details[field] ?? ""
        var now = after.details[field] ?? ""
        guard was != now else { continue }
        if field == .manager {
          let (from, to) = (was.isEmpty ? nil : manager(was), now.isEmpty ? nil : manager(now))
          guard from?.who != to?.who else { continue }
          (was, now) = (from?.name ?? "", to?.name ?? "")
        }
        changes.append(
          change(
            field == .title ? .title : .moved, of: identity, as: after, at: seconds,
            field: field, old: was, new: now))
      }
      return changes
    }
  }

  /// Every change from `old` to `new`, two tables of one copy (a full
  /// refresh and the copy before it), dated `seconds`: the people of
  /// `new` in its order, then those `old` held and `new` does not.
  public static func between(
    _ old: UserTable, _ new: UserTable, at seconds: Int64,
    manager: ((String) -> NamedManager)? = nil
  ) -> [PersonChange] {
    let manager = manager ?? { self.manager($0, in: new) }
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
        manager: manager)
    }
    for index in 0..<old.userCount where !kept[index] {
      changes += of(old.identity(at: index), from: old.user(at: index), to: nil, at: seconds)
    }
    return changes
  }

  /// The manager `reference` names in `table` (by identity), else as
  /// `position` finds them there (by another name: an LDAP DN); the
  /// reference itself when nobody there has it.
  public static func manager(
    _ reference: String, in table: UserTable, position: (String) -> Int? = { _ in nil }
  ) -> NamedManager {
    guard let found = table.position(ofIdentity: reference) ?? position(reference),
      found < table.userCount
    else { return (reference, reference) }
    let user = table.user(at: found)
    return (table.identity(at: found), user.details.displayName ?? user.username)
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
