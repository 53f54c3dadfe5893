import Synchronization

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
/// A table patched from another (``patched(_:)``) shares its rows: the
/// columns go on from the other's (``CompactColumn/layered()``) with the
/// rows of the people changed and added, and a ``RowMap`` says which row
/// is whose. Positions are people, in the table's order; rows are where
/// their fields are stored. A table not patched has row i for person i.
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
    /// Titles, departments, locations and cities, each distinct one once.
    var values = StringPool()
    var titles = NarrowColumn()
    var departments = NarrowColumn()
    var locations = NarrowColumn()
    var cities = NarrowColumn()
    /// See ``ManagerLinks``.
    var managers = CompactColumn<UInt32>()
    /// The managers' references as the source gave them, each distinct one
    /// once (``ManagerLinks``): a pool of its own, so that the numbers of
    /// titles, departments and locations stay small.
    var managerReferences = StringPool()
    /// The image these columns (or those they go on from) are read from,
    /// when mapped.
    var mapping: TableMapping?

    /// How many rows (people stored, some perhaps replaced since).
    var rowCount: Int { roles.count }

    /// Columns that go on from these: the same rows, shared, and the
    /// same pools, to which rows are appended (a patch's).
    func layered() -> Columns {
      var layered = self
      layered.text = text.layered()
      layered.starts = starts.layered()
      layered.lengths = lengths.layered()
      layered.avatarIDs = avatarIDs.layered()
      layered.roles = roles.layered()
      layered.titles = titles.layered()
      layered.departments = departments.layered()
      layered.locations = locations.layered()
      layered.cities = cities.layered()
      layered.managers = managers.layered()
      return layered
    }

    func shrinkToFit() {
      for column in [text, roles] { column.shrinkToFit() }
      for column in [starts, managers] { column.shrinkToFit() }
      for column in [lengths, avatarIDs, titles, departments, locations, cities] {
        column.shrinkToFit()
      }
      for pool in [avatars, values, managerReferences] { pool.shrinkToFit() }
    }
  }

  let columns: Columns
  /// Which row holds whom, for a patched table; nil when person i is row i.
  let rowMap: RowMap?

  /// The ranks sorts made of everyone by a field (``SortRanks``).
  let sortRanks = SortRankCache()
  /// Everyone in an order made before it was asked for (an offline copy's).
  let knownOrder = KnownOrder()
  /// Who reports to whom (``ReportsIndex``), made when first asked.
  let reportsCache = MadeOnce<ReportsIndex>()
  /// Everyone by identity, made the first time a person is looked up so.
  let identityCache = MadeOnce<IdentityIndex>()
  /// People read one at a time (``readOne()``), for a mapped image.
  let singleReads = Atomic<Int>(0)

  /// Takes complete columns (the builder's), linking managers unless
  /// they are linked already (a table's image).
  init(_ columns: Columns, linkingManagers: Bool = true, rowMap: RowMap? = nil) {
    // The builder grew them by half as they filled; give back what is unused.
    columns.shrinkToFit()
    self.columns = columns
    self.rowMap = rowMap
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
  public var userCount: Int { rowMap?.rows.count ?? columns.rowCount }

  /// The row holding person `index`.
  @inline(__always)
  func row(_ index: Int) -> Int {
    guard let rowMap else { return index }
    return Int(rowMap.rows[index])
  }

  /// The position of the person row `row` holds, or who replaced them;
  /// nil when they were removed.
  @inline(__always)
  func position(ofRow row: Int) -> Int? {
    guard let rowMap else { return row }
    let position = rowMap.positions[row]
    return position < 0 ? nil : Int(position)
  }

  /// How many distinct avatar strings (ids stay below this plus one).
  public var avatarCount: Int { columns.avatars.count }

  /// Person `index`'s own field `field` as UTF-8, valid while the table lives.
  @inline(__always)
  func bytes(_ field: OwnField, at index: Int) -> UnsafeBufferPointer<UInt8> {
    bytes(field, row: row(index))
  }

  /// Row `row`'s own field `field` as UTF-8, valid while the table lives.
  @inline(__always)
  func bytes(_ field: OwnField, row: Int) -> UnsafeBufferPointer<UInt8> {
    var start = Int(columns.starts[row])
    let first = row * Self.ownFieldCount
    for k in 0..<field.rawValue { start += Int(columns.lengths[first + k]) }
    let count =
      field.rawValue < Self.ownFieldCount
      ? Int(columns.lengths[first + field.rawValue])
      : Int(columns.starts[row + 1]) - start
    return columns.text.buffer(from: start, count: count)
  }

  /// Row `row`'s own text, every field back to back.
  @inline(__always)
  func text(row: Int) -> UnsafeBufferPointer<UInt8> {
    let start = Int(columns.starts[row])
    return columns.text.buffer(from: start, count: Int(columns.starts[row + 1]) - start)
  }

  /// User `index`'s username as UTF-8, valid while the table lives.
  @inline(__always)
  func nameBytes(at index: Int) -> UnsafeBufferPointer<UInt8> { bytes(.username, at: index) }

  /// User `index`'s identity as UTF-8: its id, or its username when it has none.
  @inline(__always)
  func identityBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    identityBytes(row: row(index))
  }

  /// Row `row`'s identity as UTF-8.
  @inline(__always)
  func identityBytes(row: Int) -> UnsafeBufferPointer<UInt8> {
    let id = bytes(.id, row: row)
    return id.isEmpty ? bytes(.username, row: row) : id
  }

  /// User `index`'s avatar string as UTF-8 ("" when none).
  @inline(__always)
  func avatarBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    columns.avatars.bytes(of: Int(columns.avatarIDs[row(index)]))
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

  public func role(at index: Int) -> Role { Role(byte: columns.roles[row(index)]) }

  /// Whether the account of the user at `index` is active (``User/isActive``).
  public func isActive(at index: Int) -> Bool {
    Role.isActive(rowByte: columns.roles[row(index)])
  }

  /// User `index` as a `User` value.
  public func user(at index: Int) -> User {
    let id = bytes(.id, at: index)
    return User(
      id: id.isEmpty ? nil : String(decoding: id, as: UTF8.self), username: username(at: index),
      avatar: avatar(at: index), role: role(at: index),
      isActive: isActive(at: index), details: details(at: index))
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
    let row = row(index)
    let theirRow = table.row(other)
    guard mine.roles[row] == theirs.roles[theirRow],
      text(row: row).elementsEqual(table.text(row: theirRow))
    else { return false }
    for k in 0..<Self.ownFieldCount
    where mine.lengths[row * Self.ownFieldCount + k]
      != theirs.lengths[theirRow * Self.ownFieldCount + k]
    {
      return false
    }
    return avatarBytes(at: index).elementsEqual(table.avatarBytes(at: other))
      && sharedValuesEqual(at: index, as: other, in: table)
      && managerIdentityBytes(at: index).elementsEqual(table.managerIdentityBytes(at: other))
  }
}

/// Which row of a patched ``UserTable`` holds whom.
///
/// Threading: built with its table, then only read; `Sendable` with it.
struct RowMap {
  /// Person i's row, for every person.
  let rows: CompactColumn<UInt32>
  /// For every row, the position of the person it holds, or of the person
  /// who replaced them (a manager link names a row, and follows the person
  /// changed); -1 when they were removed.
  let positions: CompactColumn<Int32>
}
