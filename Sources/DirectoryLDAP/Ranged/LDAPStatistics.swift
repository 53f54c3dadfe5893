/// What an ``LDAPDirectory`` did, so tests and the HUD can see that the
/// server's sorted list is reused rather than rebuilt.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPStatistics: Sendable, Equatable, CustomStringConvertible {
  /// Ranges answered (virtual list view or pages).
  public var rangesRead = 0
  /// Requests repeated after the server answered "busy" (51).
  public var busyRetries = 0
  /// Requests repeated on a new connection after the old one dropped or
  /// stayed busy.
  public var reconnects = 0
  /// Times the directory lost the server it read and continued on another
  /// of its servers.
  public var failovers = 0
  /// Connections opened (the first included).
  public var connectionsOpened = 0
  /// Sorted-list contexts the server created: each costs a sort of the whole
  /// (searched) directory on the server.
  public var contextsOpened = 0
  /// Paged Results pages read, on a server without virtual list view.
  public var pagesRead = 0
  /// Continuation references the server sent and Roster did not follow
  /// (Active Directory's other partitions under a domain-root base).
  public var referencesSkipped = 0
  /// Changes sent with their preconditions in the Assertion control.
  public var assertedChanges = 0
  /// Changes sent with their preconditions as deletes of the values seen
  /// (a server without the Assertion control).
  public var valueDeletingChanges = 0

  public init() {}

  /// The counters as `roster --stats` prints them, one subject a line;
  /// references only when some came.
  public var description: String {
    var lines = """
        ranges        \(rangesRead) (\(pagesRead) forward pages read)
        connections   \(connectionsOpened) opened, \(reconnects) reconnects, \(failovers) failovers
        server sorts  \(contextsOpened) sorted-list contexts, \(busyRetries) busy retries
      """
    if referencesSkipped > 0 {
      lines += "\n  references    \(referencesSkipped) continuation references not followed"
    }
    if assertedChanges + valueDeletingChanges > 0 {
      lines +=
        "\n  changes       \(assertedChanges) asserted, \(valueDeletingChanges) by deleting the values seen"
    }
    return lines
  }
}
