/// Fills the columns of a ``UserTable`` one person at a time, straight from
/// the bytes a parse reads: nothing is made per person but the bytes it adds.
///
/// Each field is kept to `FieldLimit.maxBytes` (the parser has cut it
/// already; values from elsewhere are cut here), an avatar over it is left
/// out, text that is not UTF-8 is stored as it reads (each bad sequence a
/// U+FFFD), and the arenas stop at `textLimit` bytes (32-bit offsets) with
/// `.tooLarge`.
///
/// Threading: a value owned by one parse (or one caller); not shared.
public struct UserTableBuilder {
  private var columns = UserTable.Columns()
  private var avatars = StringInterner()
  private var values = StringInterner()
  private var managerReferences = StringInterner()
  /// The most bytes either arena may hold.
  public let textLimit: Int
  /// The bytes of the people's own text handed out by ``spoolText(_:)``:
  /// the rows' starts go on from them.
  private var spooledText = 0

  /// An empty builder whose arenas stop at `textLimit` bytes.
  public init(textLimit: Int = UserTable.maxTextBytes) {
    precondition(textLimit <= UserTable.maxTextBytes, "offsets are 32-bit")
    self.textLimit = textLimit
    columns.starts.append(0)
  }

  /// A builder that goes on from `table`'s rows and pools, sharing them
  /// (``UserTable/Columns/layered()``): rows appended follow the table's,
  /// and people copied or replaced keep their pool numbers.
  init(layering table: UserTable) {
    textLimit = UserTable.maxTextBytes
    columns = table.columns.layered()
    // The pools are shared until a person brings a string they lack.
    avatars.remember(columns.avatars, sharing: true)
    values.remember(columns.values, sharing: true)
    managerReferences.remember(columns.managerReferences, sharing: true)
  }

  /// Appends a copy of row `row` of `table` (the table this builder goes
  /// on from), its manager link `link`.
  mutating func appendCopy(ofRow row: Int, of table: UserTable, link: UInt32) {
    let source = table.columns
    columns.text.append(contentsOf: table.text(row: row))
    columns.starts.append(UInt32(columns.text.count))
    let own = UserTable.ownFieldCount
    for k in 0..<own { columns.lengths.append(source.lengths[row * own + k]) }
    columns.avatarIDs.append(source.avatarIDs[row])
    columns.roles.append(source.roles[row])
    columns.titles.append(source.titles[row])
    columns.departments.append(source.departments[row])
    columns.locations.append(source.locations[row])
    columns.cities.append(source.cities[row])
    columns.managers.append(link)
  }

  /// Adds `user` in place of row `row` of `table` (the table this builder
  /// goes on from): an avatar the same as theirs keeps its number.
  /// Avatars are often one per person (a photo's version), more than the
  /// pool remembers: found anew, each would be stored again.
  mutating func append(_ user: User, replacing row: Int, of table: UserTable)
    throws(DirectoryError)
  {
    let known = table.columns.avatarIDs[row]
    let same = table.columns.avatars.bytes(of: Int(known)).elementsEqual(user.avatar.utf8)
    try append(EntryBytes(user), knownAvatar: same ? known : nil)
  }

  /// How many people (rows) so far.
  public var count: Int { columns.roles.count }

  /// Adds a person; an empty `id` means none (the username is the identity).
  /// `knownAvatar` is the number of their avatar in the pool, when known.
  mutating func append(_ entry: borrowing EntryBytes, knownAvatar: UInt32? = nil)
    throws(DirectoryError)
  {
    // The pools first: a value past the limit there leaves the person's own
    // text unwritten.
    let limit = textLimit
    var avatarID: UInt32 = 0
    if let knownAvatar {
      avatarID = knownAvatar
    } else if entry.avatar.count <= FieldLimit.maxBytes {
      avatarID = try Self.intern(entry.avatar, with: &avatars, in: &columns.avatars, limit: limit)
    }
    let title = try Self.intern(entry[.title], with: &values, in: &columns.values, limit: limit)
    let department = try Self.intern(
      entry[.department], with: &values, in: &columns.values, limit: limit)
    let location = try Self.intern(
      entry[.location], with: &values, in: &columns.values, limit: limit)
    let city = try Self.intern(entry[.city], with: &values, in: &columns.values, limit: limit)
    let manager = try Self.intern(
      entry[.manager], with: &managerReferences, in: &columns.managerReferences, limit: limit)
    let text = columns.text
    let start = text.count
    let lengths = columns.lengths.count
    for field in UserTable.OwnField.allCases {
      let count = try Self.append(
        entry.own(field), to: text, after: spooledText, limit: textLimit
      ) {
        text.truncate(to: start)
        columns.lengths.truncate(to: lengths)
      }
      if field.rawValue < UserTable.ownFieldCount { columns.lengths.append(UInt32(count)) }
    }
    columns.starts.append(UInt32(spooledText + text.count))
    columns.avatarIDs.append(avatarID)
    columns.roles.append(entry.role.rowByte(isActive: entry.isActive))
    columns.titles.append(title)
    columns.departments.append(department)
    columns.locations.append(location)
    columns.cities.append(city)
    columns.managers.append(ManagerLinks.unresolved(manager))
  }

  /// Adds `user`; `.tooLarge` when its bytes would pass `textLimit`
  /// (the table keeps the users before it).
  public mutating func append(_ user: User) throws(DirectoryError) {
    try append(EntryBytes(user))
  }

  /// The complete columns, for ``UserTable/init(_:)``.
  consuming func finish() -> UserTable.Columns { columns }

  /// The bytes of the people's own text not handed out yet.
  var unspooledTextBytes: Int { columns.text.count }

  /// Hands `write` the people's own text added since the last call, in
  /// order, and lets go of it: the largest column of a table (all but
  /// about 35 bytes a person) then waits in a file, not in memory, while
  /// a copy of a whole directory is made. The text comes back mapped with
  /// ``finish(spooledText:)``.
  mutating func spoolText<Failure: Error>(
    _ write: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    for part in columns.text.parts where !part.isEmpty { try write(UnsafeRawBufferPointer(part)) }
    spooledText += columns.text.count
    columns.text.truncate(to: 0)
  }

  /// The complete columns, the people's own text read from `mapping`: the
  /// file ``spoolText(_:)`` wrote, whole (nil when it wrote nothing).
  consuming func finish(spooledText mapping: TableMapping?) -> UserTable.Columns {
    precondition(columns.text.count == 0, "the text is spooled whole")
    guard let mapping, let base = mapping.bytes.baseAddress else {
      precondition(spooledText == 0, "the spooled text is mapped")
      return columns
    }
    precondition(mapping.bytes.count == spooledText, "the mapping is the spooled text")
    columns.text = CompactColumn(mapped: base, count: spooledText, in: mapping)
    columns.mapping = mapping
    return columns
  }

  /// The table of the users added.
  public consuming func build() -> UserTable { UserTable(finish()) }

  private static func intern(
    _ bytes: [UInt8], with interner: inout StringInterner, in pool: inout StringPool, limit: Int
  ) throws(DirectoryError) -> UInt32 {
    if bytes.isEmpty { return 0 }
    return try valid(FieldLimit.prefixed(bytes)).withUnsafeBufferPointer {
      (kept) throws(DirectoryError) in try interner.id(for: kept, in: &pool, limit: limit)
    }
  }

  /// Appends `bytes` (bounded, made valid) to `text`, which follows
  /// `spooled` bytes already written out, and returns how many it added;
  /// past `limit` in all, calls `undo` and throws.
  private static func append(
    _ bytes: [UInt8], to text: CompactColumn<UInt8>, after spooled: Int, limit: Int,
    undo: () -> Void
  ) throws(DirectoryError) -> Int {
    if bytes.isEmpty { return 0 }
    let kept = valid(FieldLimit.prefixed(bytes))
    guard spooled + text.count + kept.count <= limit else {
      undo()
      throw .tooLarge(limit: limit)
    }
    kept.withUnsafeBufferPointer { text.append(contentsOf: $0) }
    return kept.count
  }

  /// `bytes` when they are UTF-8; else as they read, each bad sequence a
  /// U+FFFD (three bytes), cut to the limit again: the table then holds the
  /// text rows show and search finds, and a table made again from its own
  /// users is the same table.
  private static func valid(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let isValid = bytes.withUnsafeBufferPointer {
      SearchText.isASCII($0) || String(validating: $0, as: UTF8.self) != nil
    }
    if isValid { return bytes }
    return FieldLimit.prefixed(Array(String(decoding: bytes, as: UTF8.self).utf8))
  }
}
