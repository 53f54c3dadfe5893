/// A whole directory of people in a few flat columns, with nothing per
/// person on the heap: the shape a million people take in memory.
///
/// Person i's own text sits back to back in one byte arena (`text`, from
/// `starts[i]` to `starts[i + 1]`): id, username, display name, email,
/// phone and employee number, the first five's lengths in `lengths`
/// (``ownFieldCount`` a person; the last runs to the end). Values many
/// people share are numbers into pools that store each distinct string
/// once: the avatar (`avatars`), and title, department and location
/// (`values`). The lengths and the pool numbers take one or two bytes
/// each while they fit (``NarrowColumn``). The role is a byte, the manager
/// a 32-bit link to another person (``ManagerLinks``). About 95 bytes a
/// person with every field, against several hundred for `User` values. Offsets are 32-bit, so the
/// arenas hold at most ``maxTextBytes`` (more than any file the loader
/// accepts); the builder refuses more.
///
/// It is a collection of ``UserViewModel`` values made when asked — at bind,
/// for the one row bound — so nothing derived is stored for a row; ``UserRef``
/// is what a list model holds for each position. A sort keeps what it
/// derived for everyone, a rank per person for a few fields
/// (``SortRankCache``), so sorting by them again is cheaper.
///
/// Threading: immutable once built but for the sort's cache, which is
/// thread-safe; `Sendable`, read from any thread.
public final class UserTable: Sendable {
  /// The most bytes either arena holds: what a 32-bit offset reaches.
  public static let maxTextBytes = Int(UInt32.max)

  /// The fields in a person's own stretch of `text`, in order.
  enum OwnField: Int, CaseIterable {
    case id, username, displayName, email, phone, employeeNumber
  }
  /// How many lengths `lengths` holds a person: every own field but the last.
  static let ownFieldCount = OwnField.allCases.count - 1

  /// The columns, as ``UserTableBuilder`` fills them.
  ///
  /// Threading: owned by one builder until the table takes it.
  struct Columns {
    var text = CompactColumn<UInt8>()
    /// `count + 1` offsets into `text`.
    var starts = CompactColumn<UInt32>()
    /// ``ownFieldCount`` byte counts a person.
    var lengths = NarrowColumn()
    /// 0 for no avatar, else the avatar's number in `avatars`.
    var avatarIDs = NarrowColumn()
    var roles = CompactColumn<UInt8>()
    var avatars = StringPool()
    /// Titles, departments and locations, each distinct one once.
    var values = StringPool()
    var titles = NarrowColumn()
    var departments = NarrowColumn()
    var locations = NarrowColumn()
    /// See ``ManagerLinks``.
    var managers = CompactColumn<UInt32>()
    /// The managers' references as the source gave them, each distinct one
    /// once (``ManagerLinks``): a pool of its own, so that the numbers of
    /// titles, departments and locations stay small.
    var managerReferences = StringPool()

    func shrinkToFit() {
      for column in [text, roles] { column.shrinkToFit() }
      for column in [starts, managers] { column.shrinkToFit() }
      for column in [lengths, avatarIDs, titles, departments, locations] { column.shrinkToFit() }
      for pool in [avatars, values, managerReferences] { pool.shrinkToFit() }
    }
  }

  let columns: Columns

  /// The ranks sorts made of everyone by a field (``SortRanks``).
  let sortRanks = SortRankCache()
  /// Who reports to whom (``ReportsIndex``), made when first asked.
  let reportsCache = MadeOnce<ReportsIndex>()
  /// Everyone by identity, made the first time a person is looked up so.
  let identityCache = MadeOnce<IdentityIndex>()

  /// Takes complete columns (the builder's), linking managers unless
  /// they are linked already (a table's image).
  init(_ columns: Columns, linkingManagers: Bool = true) {
    // The builder grew them by half as they filled; give back what is unused.
    columns.shrinkToFit()
    self.columns = columns
    if linkingManagers { ManagerLinks.resolve(in: self) }
  }

  /// A table of `users`, in order (tests, fixtures, a preview's first users).
  public convenience init(_ users: some Sequence<User>) {
    var builder = UserTableBuilder()
    for user in users {
      // A user's fields are bounded (`FieldLimit`), so a sequence that fits
      // in memory fits the arenas.
      try! builder.append(user)
    }
    self.init(builder.finish())
  }

  /// How many users.
  public var userCount: Int { columns.roles.count }

  /// How many distinct avatar strings (ids stay below this plus one).
  public var avatarCount: Int { columns.avatars.count }

  /// Person `index`'s own field `field` as UTF-8, valid while the table lives.
  @inline(__always)
  func bytes(_ field: OwnField, at index: Int) -> UnsafeBufferPointer<UInt8> {
    var start = Int(columns.starts[index])
    let first = index * Self.ownFieldCount
    for k in 0..<field.rawValue { start += Int(columns.lengths[first + k]) }
    let count =
      field.rawValue < Self.ownFieldCount
      ? Int(columns.lengths[first + field.rawValue])
      : Int(columns.starts[index + 1]) - start
    return columns.text.buffer(from: start, count: count)
  }

  /// User `index`'s username as UTF-8, valid while the table lives.
  @inline(__always)
  func nameBytes(at index: Int) -> UnsafeBufferPointer<UInt8> { bytes(.username, at: index) }

  /// User `index`'s identity as UTF-8: its id, or its username when it has none.
  @inline(__always)
  func identityBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let id = bytes(.id, at: index)
    return id.isEmpty ? nameBytes(at: index) : id
  }

  /// User `index`'s avatar string as UTF-8 ("" when none).
  @inline(__always)
  func avatarBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    columns.avatars.bytes(of: Int(columns.avatarIDs[index]))
  }

  public func username(at index: Int) -> String {
    String(decoding: nameBytes(at: index), as: UTF8.self)
  }

  /// The id, else the username: what a refresh matches rows by.
  public func identity(at index: Int) -> String {
    String(decoding: identityBytes(at: index), as: UTF8.self)
  }

  /// The raw avatar string ("" for none).
  public func avatar(at index: Int) -> String {
    String(decoding: avatarBytes(at: index), as: UTF8.self)
  }

  public func role(at index: Int) -> Role { Role(byte: columns.roles[index]) }

  /// User `index` as a `User` value.
  public func user(at index: Int) -> User {
    let id = bytes(.id, at: index)
    return User(
      id: id.isEmpty ? nil : String(decoding: id, as: UTF8.self), username: username(at: index),
      avatar: avatar(at: index), role: role(at: index), details: details(at: index))
  }

  /// Every user as `User` values (small directories: tests and tools).
  public var users: [User] { (0..<userCount).map(user(at:)) }

  /// The distinct avatar strings, each once (for resolving them all ahead).
  public var distinctAvatars: some Sequence<String> & Sendable {
    (1..<(avatarCount + 1)).lazy.map { [self] in columns.avatars.string($0)! }
  }

  /// Whether user `index` here and user `other` of `table` show the same:
  /// every field equal (a manager compared by their identity).
  func sameUser(at index: Int, as other: Int, in table: UserTable) -> Bool {
    let mine = columns
    let theirs = table.columns
    guard mine.roles[index] == theirs.roles[other] else { return false }
    let ownStart = Int(mine.starts[index])
    let theirStart = Int(theirs.starts[other])
    guard
      mine.text.buffer(from: ownStart, count: Int(mine.starts[index + 1]) - ownStart)
        .elementsEqual(
          theirs.text.buffer(from: theirStart, count: Int(theirs.starts[other + 1]) - theirStart))
    else { return false }
    for k in 0..<Self.ownFieldCount
    where mine.lengths[index * Self.ownFieldCount + k]
      != theirs.lengths[other * Self.ownFieldCount + k]
    {
      return false
    }
    return avatarBytes(at: index).elementsEqual(table.avatarBytes(at: other))
      && sharedValuesEqual(at: index, as: other, in: table)
      && managerIdentityBytes(at: index).elementsEqual(table.managerIdentityBytes(at: other))
  }
}
