import Directory

extension UserGenerator {
  /// users.json for `users`: a JSON array, one object per line, strings
  /// escaped per RFC 8259 and otherwise written as UTF-8. A `.unknown` role is
  /// written as `unknownRoleText`; a nil id is left out, and so is each
  /// detail the user does not have (the others follow the role, keyed by
  /// their ``DetailField`` names).
  public static func json(for users: [User]) -> [UInt8] {
    var writer = UserJSONWriter(expectedCount: users.count)
    writer.write(users)
    return writer.bytes
  }

  /// users.json in the object form: `{"people": [...], "groups": [...]}`,
  /// the people written as ``json(for:)`` writes them, then one group a
  /// line with its members and the groups inside it by identity.
  public static func json(for users: [User], groups: [GroupGenerator.Group]) -> [UInt8] {
    var writer = UserJSONWriter(expectedCount: users.count)
    writer.write(users, groups: groups)
    return writer.bytes
  }
}
