/// Fills the columns of a ``UserTable`` one user at a time, straight from
/// the bytes a parse reads: nothing is made per user but the bytes it adds.
///
/// Each field is kept to `FieldLimit.maxBytes` (the parser has cut it
/// already; values from elsewhere are cut here), an avatar over it is left
/// out, and the arenas stop at `textLimit` bytes (32-bit offsets) with
/// `.tooLarge`.
///
/// Threading: a value owned by one parse (or one caller); not shared.
public struct UserTableBuilder {
  private var columns = UserTable.Columns()
  private var avatars = AvatarInterner()
  /// The most bytes either arena may hold.
  public let textLimit: Int

  /// An empty builder whose arenas stop at `textLimit` bytes.
  public init(textLimit: Int = UserTable.maxTextBytes) {
    precondition(textLimit <= UserTable.maxTextBytes, "offsets are 32-bit")
    self.textLimit = textLimit
    columns.starts.append(0)
    columns.avatarStarts.append(0)
  }

  /// How many users so far.
  public var count: Int { columns.roles.count }

  /// Adds a user; `id` empty means none (the username is the identity).
  ///
  /// A username that is not UTF-8 is stored as it reads (each bad sequence a
  /// U+FFFD, three bytes), cut to the limit again: the table then holds the
  /// name rows show and search finds, and a table made again from its own
  /// users is the same table.
  mutating func append(
    id: UnsafeBufferPointer<UInt8>, username: UnsafeBufferPointer<UInt8>,
    avatar: UnsafeBufferPointer<UInt8>, role: Role
  ) throws(DirectoryError) {
    let username = FieldLimit.prefix(username)
    guard SearchText.isASCII(username) || String(validating: username, as: UTF8.self) != nil
    else {
      let repaired = Array(String(decoding: username, as: UTF8.self).utf8)
      try repaired.withUnsafeBufferPointer { (repaired) throws(DirectoryError) in
        try appendValid(id: id, username: FieldLimit.prefix(repaired), avatar: avatar, role: role)
      }
      return
    }
    try appendValid(id: id, username: username, avatar: avatar, role: role)
  }

  private mutating func appendValid(
    id: UnsafeBufferPointer<UInt8>, username: UnsafeBufferPointer<UInt8>,
    avatar: UnsafeBufferPointer<UInt8>, role: Role
  ) throws(DirectoryError) {
    let id = FieldLimit.prefix(id)
    let text = columns.text
    guard text.count + id.count + username.count <= textLimit else {
      throw .tooLarge(limit: textLimit)
    }
    let avatarID =
      avatar.count > FieldLimit.maxBytes
      ? 0 : try avatars.id(for: avatar, in: &columns, limit: textLimit)
    text.append(contentsOf: id)
    text.append(contentsOf: username)
    columns.starts.append(UInt32(text.count))
    columns.idLengths.append(UInt16(id.count))
    columns.avatarIDs.append(avatarID)
    columns.roles.append(role.byte)
  }

  /// Adds `user`; `.tooLarge` when its bytes would pass `textLimit`
  /// (the table keeps the users before it).
  public mutating func append(_ user: User) throws(DirectoryError) {
    var id = user.id ?? ""
    var username = user.username
    var avatar = user.avatar
    let result = id.withUTF8 { id in
      username.withUTF8 { username in
        avatar.withUTF8 { avatar in
          Result { () throws(DirectoryError) in
            try append(id: id, username: username, avatar: avatar, role: user.role)
          }
        }
      }
    }
    try result.get()
  }

  /// The complete columns, for ``UserTable/init(_:)``.
  consuming func finish() -> UserTable.Columns { columns }

  /// The table of the users added.
  public consuming func build() -> UserTable { UserTable(finish()) }
}

/// Gives each distinct avatar string one number, storing its bytes once.
///
/// A million users typically share a few thousand avatar files; an
/// open-addressing table of 32-bit numbers over the avatar arena finds a
/// repeated one without building a string or a key. Past ``capacity``
/// distinct strings (a directory of unique URLs) new ones are stored
/// without being remembered, so the table stops growing.
///
/// Threading: a value owned by one builder.
struct AvatarInterner {
  /// The most distinct strings remembered.
  static let capacity = 65_536
  /// Twice the capacity (a power of two): probes stay short.
  private static let slotCount = 131_072
  /// 0 for an empty slot, else an avatar number (1-based).
  private var slots: [UInt32] = []
  private var remembered = 0

  /// The number of the avatar `bytes` (0 for ""), adding it to the arena if new.
  mutating func id(
    for bytes: UnsafeBufferPointer<UInt8>, in columns: inout UserTable.Columns, limit: Int
  ) throws(DirectoryError) -> UInt32 {
    guard !bytes.isEmpty else { return 0 }
    if slots.isEmpty { slots = [UInt32](repeating: 0, count: Self.slotCount) }
    let mask = Self.slotCount - 1
    var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
    while true {
      let known = slots[slot]
      if known == 0 { break }
      let start = Int(columns.avatarStarts[Int(known) - 1])
      let stored = columns.avatarText.buffer(
        from: start, count: Int(columns.avatarStarts[Int(known)]) - start)
      if stored.elementsEqual(bytes) { return known }
      slot = (slot + 1) & mask
    }
    guard columns.avatarText.count + bytes.count <= limit else { throw .tooLarge(limit: limit) }
    columns.avatarText.append(contentsOf: bytes)
    columns.avatarStarts.append(UInt32(columns.avatarText.count))
    let id = UInt32(columns.avatarStarts.count - 1)
    if remembered < Self.capacity {
      slots[slot] = id
      remembered += 1
    }
    return id
  }

  /// FNV-1a, 64-bit.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }
}
