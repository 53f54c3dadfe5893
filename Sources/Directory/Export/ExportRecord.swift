/// One person as the export writers read them: each field's UTF-8, the
/// id, the avatar reference and, for LDIF, the manager's username.
/// A local table's person hands out bytes from the table's arenas
/// (``TableRecord``); a server's ``DirectoryEntry`` its strings' bytes.
///
/// Threading: values read by the one task that writes them.
protocol ExportRecord {
  /// Calls `body` with the UTF-8 of the person's `field` (empty when none).
  func withBytes<R>(of field: PersonField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
  /// Calls `body` with the UTF-8 of the person's id as the source gives it
  /// (a users.json id, an LDAP DN, a SCIM id; empty for none).
  func withID<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
  /// Calls `body` with the UTF-8 of the avatar as the source gives it (a
  /// users.json path or URL; empty for none or a server's entry).
  func withAvatar<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
  /// The manager's username, when the manager is a person of the same
  /// directory.
  var managerUsername: String? { get }
}

/// Person `index` of a ``UserTable``.
///
/// Threading: a plain value; valid while the table lives.
struct TableRecord: ExportRecord {
  let table: UserTable
  let index: Int

  @inline(__always)
  func withBytes<R>(of field: PersonField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(table.filterBytes(field, at: index))
  }

  func withID<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(table.bytes(.id, at: index))
  }

  func withAvatar<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(table.avatarBytes(at: index))
  }

  var managerUsername: String? { table.managerIndex(at: index).map(table.username(at:)) }
}

extension DirectoryEntry: ExportRecord {
  func withBytes<R>(of field: PersonField, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    var text = text(of: field) ?? ""
    return text.withUTF8(body)
  }

  func withID<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    var text = id
    return text.withUTF8(body)
  }

  func withAvatar<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    body(UnsafeBufferPointer(start: nil, count: 0))
  }

  var managerUsername: String? { nil }
}
