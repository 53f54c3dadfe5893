/// A whole directory of users in a few flat columns, with nothing per user
/// on the heap: the shape a million users take in memory.
///
/// User i's id and username sit back to back in one byte arena (`text`,
/// from `starts[i]`: `idLengths[i]` bytes of id, then the username up to
/// `starts[i + 1]`), its avatar is a 32-bit number into a table of the
/// distinct avatar strings (one more arena), its role a byte. About 30
/// bytes a user for a generated directory, against ~180 for `User` values
/// and their view models. Offsets are 32-bit, so the arenas hold at most
/// ``maxTextBytes`` (more than any file the loader accepts); the builder
/// refuses more.
///
/// It is a collection of ``UserViewModel`` values made when asked — at bind,
/// for the one row bound — so nothing derived is stored; ``UserRef`` is
/// what a list model holds for each position.
///
/// Threading: immutable once built; `Sendable`, read from any thread.
public final class UserTable: Sendable {
  /// The most bytes either arena holds: what a 32-bit offset reaches.
  public static let maxTextBytes = Int(UInt32.max)

  /// The columns, as ``UserTableBuilder`` fills them.
  ///
  /// Threading: owned by one builder until the table takes it.
  struct Columns {
    var text = CompactColumn<UInt8>()
    /// `count + 1` offsets into `text`.
    var starts = CompactColumn<UInt32>()
    var idLengths = CompactColumn<UInt16>()
    /// 0 for no avatar, else 1 + the avatar's number in `avatarStarts`.
    var avatarIDs = CompactColumn<UInt32>()
    var roles = CompactColumn<UInt8>()
    /// The distinct avatar strings, back to back; `avatarCount + 1` offsets.
    var avatarText = CompactColumn<UInt8>()
    var avatarStarts = CompactColumn<UInt32>()
  }

  private let text: CompactColumn<UInt8>
  private let starts: CompactColumn<UInt32>
  private let idLengths: CompactColumn<UInt16>
  private let avatarIDs: CompactColumn<UInt32>
  private let roles: CompactColumn<UInt8>
  private let avatarText: CompactColumn<UInt8>
  private let avatarStarts: CompactColumn<UInt32>

  /// Takes complete columns (the builder's).
  init(_ columns: Columns) {
    // The builder grew them by half as they filled; give back what is unused.
    columns.text.shrinkToFit()
    columns.avatarText.shrinkToFit()
    columns.roles.shrinkToFit()
    columns.starts.shrinkToFit()
    columns.idLengths.shrinkToFit()
    columns.avatarIDs.shrinkToFit()
    columns.avatarStarts.shrinkToFit()
    text = columns.text
    starts = columns.starts
    idLengths = columns.idLengths
    avatarIDs = columns.avatarIDs
    roles = columns.roles
    avatarText = columns.avatarText
    avatarStarts = columns.avatarStarts
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
  public var userCount: Int { roles.count }

  /// How many distinct avatar strings (ids stay below this plus one).
  public var avatarCount: Int { avatarStarts.count - 1 }

  /// User `index`'s username as UTF-8, valid while the table lives.
  @inline(__always)
  func nameBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let start = Int(starts[index]) + Int(idLengths[index])
    return text.buffer(from: start, count: Int(starts[index + 1]) - start)
  }

  /// User `index`'s identity as UTF-8: its id, or its username when it has none.
  @inline(__always)
  func identityBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    let idLength = Int(idLengths[index])
    return idLength == 0
      ? nameBytes(at: index) : text.buffer(from: Int(starts[index]), count: idLength)
  }

  /// User `index`'s avatar string as UTF-8 ("" when none).
  @inline(__always)
  func avatarBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
    avatarBytes(ofAvatar: Int(avatarIDs[index]))
  }

  /// Avatar `id`'s bytes (id 0: none, empty).
  @inline(__always)
  func avatarBytes(ofAvatar id: Int) -> UnsafeBufferPointer<UInt8> {
    guard id > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    let start = Int(avatarStarts[id - 1])
    return avatarText.buffer(from: start, count: Int(avatarStarts[id]) - start)
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

  public func role(at index: Int) -> Role { Role(byte: roles[index]) }

  /// User `index` as a `User` value.
  public func user(at index: Int) -> User {
    let idLength = Int(idLengths[index])
    let id =
      idLength == 0
      ? nil
      : String(decoding: text.buffer(from: Int(starts[index]), count: idLength), as: UTF8.self)
    return User(
      id: id, username: username(at: index), avatar: avatar(at: index), role: role(at: index))
  }

  /// Every user as `User` values (small directories: tests and tools).
  public var users: [User] { (0..<userCount).map(user(at:)) }

  /// The distinct avatar strings, each once (for resolving them all ahead).
  public var distinctAvatars: some Sequence<String> & Sendable {
    (1..<(avatarCount + 1)).lazy.map { [self] in
      String(decoding: avatarBytes(ofAvatar: $0), as: UTF8.self)
    }
  }

  /// Whether user `index` here and user `other` of `table` show the same:
  /// same identity, username, avatar and role.
  func sameUser(at index: Int, as other: Int, in table: UserTable) -> Bool {
    roles[index] == table.roles[other]
      && nameBytes(at: index).elementsEqual(table.nameBytes(at: other))
      && identityBytes(at: index).elementsEqual(table.identityBytes(at: other))
      && avatarBytes(at: index).elementsEqual(table.avatarBytes(at: other))
  }
}
