/// How a people file is read into the table: users.json, Roster's own
/// format (read by the streaming parser, straight into the table), or a
/// format a directory kind adds (a spreadsheet's CSV, a contacts app's
/// vCards) through its own parser of the file's bytes.
///
/// Two formats are the same when their names are.
///
/// Threading: a `Sendable` value; `parse` runs off the main thread.
public struct PeopleFileFormat: Sendable, Hashable, CustomStringConvertible {
  /// The format's name ("users.json", "CSV"), as errors and tests say it.
  public let name: String
  /// The kind's parser; nil for users.json.
  let parse: (@Sendable (UnsafeRawBufferPointer) throws(DirectoryError) -> PeopleFile)?

  /// A format named `name` whose files `parse` reads. `parse` gets the
  /// whole file (at most the loader's byte limit) and runs off the main
  /// thread; it throws a clear error for a file it cannot read.
  public init(
    name: String,
    parse: @escaping @Sendable (UnsafeRawBufferPointer) throws(DirectoryError) -> PeopleFile
  ) {
    self.name = name
    self.parse = parse
  }

  private init(usersJSON name: String) {
    self.name = name
    parse = nil
  }

  /// users.json: an array of people, or an object with "people" and
  /// "groups".
  public static let usersJSON = PeopleFileFormat(usersJSON: "users.json")

  public var description: String { name }

  public static func == (lhs: PeopleFileFormat, rhs: PeopleFileFormat) -> Bool {
    lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// The people a ``PeopleFileFormat`` read from a file, in the file's order,
/// and what it left out.
///
/// Threading: a plain value; `Sendable`.
public struct PeopleFile: Sendable {
  /// The people read.
  public var users: [User]
  /// Records left out (no username, a duplicate), each counted once.
  public var skipped: Int
  /// Why, one sentence each, at most a few.
  public var warnings: [String]

  /// `users`, with `skipped` records left out for `warnings`.
  public init(users: [User], skipped: Int = 0, warnings: [String] = []) {
    self.users = users
    self.skipped = skipped
    self.warnings = warnings
  }
}
