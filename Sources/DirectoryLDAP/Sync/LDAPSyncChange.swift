import Directory

/// One thing a Content Sync session (RFC 4533) reports, in the server's
/// order. Entries are named by their `entryUUID`, which survives renames.
///
/// Threading: a plain value; `Sendable`.
public enum LDAPSyncChange: Sendable, Equatable {
  /// An entry added, changed or renamed (or, in the refresh, sent whole):
  /// its values now. Its ``DirectoryEntry/id`` is its entryUUID.
  case upserted(DirectoryEntry)
  /// The entry with this entryUUID is still there and unchanged since the
  /// cookie (refresh only).
  case present(String)
  /// The entry with this entryUUID is gone (deleted, or moved out of the
  /// searched part of the tree).
  case deleted(String)
  /// A present phase of the refresh ended: the entries reported present or
  /// upserted since the refresh began are all there are; every other entry
  /// the copy holds is gone. (A delete phase names what went instead.)
  case presentPhaseEnded
  /// A refresh of everyone begins again, each entry named present or
  /// upserted, then ``presentPhaseEnded``: what a copy kept by reading
  /// everyone again (``PagedRereads``) sends before each read after the
  /// first.
  case refreshBegins
  /// The refresh is over: the copy equals the server's entries, and only
  /// changes follow.
  case refreshDone
  /// The server's state as of the changes reported so far: given back at
  /// the next start, only the changes since travel.
  case cookie([UInt8])
  /// The server's history no longer reaches the cookie given: the copy is
  /// to be thrown away; a full refresh without a cookie follows at once.
  case reloadRequired
}
