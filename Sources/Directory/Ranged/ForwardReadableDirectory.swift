/// A ``RangedDirectory`` that can also be read once from its first entry
/// to its last, in the order its ranges show, a page at a time and faster
/// than range by range (an LDAP server's Paged Results under its sort
/// control, as `ldapsearch -E pr=…` reads it). What an export of a whole
/// view reads when it carries no photos.
///
/// Threading: `Sendable`; `readForward` runs off the main thread and is
/// cancellable through the calling task.
public protocol ForwardReadableDirectory: RangedDirectory {
  /// Calls `page` with each page of at most `pageSize` entries, in order,
  /// until the last; the entries carry no photo versions. Returns false,
  /// having read nothing, when this view cannot be read so (read it a
  /// range at a time instead).
  /// `inServerOrder` asks for no order at all: the server's own, sent as
  /// fast as it reads its entries (no sort to wait for).
  func readForward(
    pageSize: Int, inServerOrder: Bool, _ page: ([DirectoryEntry]) async throws -> Void
  ) async throws -> Bool
}

extension ForwardReadableDirectory {
  /// Reads the view forward in its own order (see
  /// ``readForward(pageSize:inServerOrder:_:)``).
  public func readForward(pageSize: Int, _ page: ([DirectoryEntry]) async throws -> Void)
    async throws -> Bool
  {
    try await readForward(pageSize: pageSize, inServerOrder: false, page)
  }
}
