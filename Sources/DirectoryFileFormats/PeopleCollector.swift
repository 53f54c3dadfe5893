import Directory

/// The people a CSV or vCard reader has read so far, and what it left
/// out: a record without a username, or whose username an earlier record
/// has, is skipped and counted (the first keeps it, so a row is never
/// replaced by a later one of the same name); the reasons are kept as
/// warnings, up to ``DirectoryParser/maxWarnings``.
///
/// Threading: a value owned by one parse.
struct PeopleCollector {
  private var users: [User] = []
  private var skipped = 0
  private var warnings: [String] = []
  /// The place of the record that took each username ("line 4").
  private var taken: [String: String] = [:]

  /// Adds `user`, read at `place` ("line 12", "card 3 (line 40)"), unless
  /// it has no username or an earlier record has the same one.
  mutating func add(_ user: User, at place: String) {
    guard !user.username.isEmpty else {
      return skip(at: place, "no username")
    }
    if let first = taken[user.username] {
      return skip(at: place, "the username is \(first)'s too; the first is kept")
    }
    taken[user.username] = place
    users.append(user)
  }

  /// Counts a record at `place` left out for `reason`.
  mutating func skip(at place: String, _ reason: String) {
    skipped += 1
    warn("\(place): \(reason)")
  }

  /// Keeps `warning`, if fewer than the most are kept.
  mutating func warn(_ warning: String) {
    if warnings.count < DirectoryParser.maxWarnings { warnings.append(warning) }
  }

  /// What was read.
  var file: PeopleFile { PeopleFile(users: users, skipped: skipped, warnings: warnings) }
}
