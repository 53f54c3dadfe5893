import CLDAP
import Directory
import FoundationEssentials
import Glibc
import SharedSupport

/// Active Directory's DirSync (control 1.2.840.113556.1.4.841, which Samba
/// implements too): the people under the URL's base and filter sent once
/// (or, from a cookie, only what changed since), then the server asked
/// again from its last cookie every ``pollInterval`` (and at once after a
/// write Roster made through the same directory) for what changed
/// meanwhile — adds, changes, moves and deletions — on a connection of its
/// own. The same ``LDAPSyncChange``s as Content Sync, so one
/// ``LDAPReplica`` keeps either.
///
/// What DirSync asks of the reader and gives back, and what Roster does:
/// - It searches a whole naming context (the base must be one): the one
///   holding the URL's base, from the root DSE; entries outside the base
///   are left out, or reported gone when one moves out.
/// - A changed entry comes with only its changed attributes: Roster reads
///   it again whole (one base search each).
/// - A deleted entry comes as a tombstone (`isDeleted`, under "Deleted
///   Objects") without the attributes the filter tests, so the filter asks
///   for tombstones too: each is reported gone by its `objectGUID`.
/// - Constructed attributes (`modifyTimestamp`) never come: a person's
///   photo version is a checksum of the photo itself, which DirSync sends
///   when it changes.
/// - Without the "Replicating Directory Changes" right the server answers
///   50: ``LDAPError/changesRefused``, which no retry changes. A cookie the
///   server cannot read (another domain's, or damaged: 12) is answered
///   with a full refresh, announced by ``LDAPSyncChange/reloadRequired``.
///
/// Threading: `Sendable`; `run` may be called again after it returns. The
/// changes reach the handler on the sync's own thread, in order.
public final class LDAPDirSync: LDAPChangeSource {
  /// The OID a server lists in its root DSE's `supportedControl` when it
  /// offers DirSync.
  public static let controlOID = "1.2.840.113556.1.4.841"

  /// The first server, and the search every server is asked.
  public var url: LDAPURL { servers[0] }
  public let servers: [LDAPURL]
  public let options: LDAPOptions
  /// How long the sync waits between two questions once the copy is
  /// current: the longest a change waits before it is seen, besides the
  /// question's own time.
  public let pollInterval: Duration
  /// Rung by a write made through the directory this sync follows: the
  /// sync asks at once instead of waiting out ``pollInterval``.
  let writes: WriteBell
  let mapper: LDAPEntryMapper

  /// A sync of the people at `servers` (at least one; one directory's,
  /// tried in turn) with `options`, asking for changes every
  /// `pollInterval`; nothing is sent before `run`.
  public convenience init(
    servers: [LDAPURL], options: LDAPOptions, pollInterval: Duration = .milliseconds(500)
  ) {
    self.init(servers: servers, options: options, pollInterval: pollInterval, writes: WriteBell())
  }

  /// The same, asking at once when `writes` rings.
  init(servers: [LDAPURL], options: LDAPOptions, pollInterval: Duration, writes: WriteBell) {
    precondition(!servers.isEmpty, "a sync needs a server")
    self.servers = servers
    var options = options
    options.identity = .uniqueID
    self.options = options
    self.pollInterval = pollInterval
    self.writes = writes
    mapper = LDAPEntryMapper(schema: options.schema, identity: .uniqueID)
  }

  /// Connects, signs in and syncs from `cookie` (nil: everyone), handing
  /// each change to `handler`, until the task is cancelled (returns) or the
  /// connection fails or is refused (throws).
  public func run(
    from cookie: [UInt8]?, _ handler: @escaping @Sendable (LDAPSyncChange) -> Void
  ) async throws(DirectoryError) {
    try await onOwnThread(named: "roster-dirsync") { [self] flag in
      loop(from: cookie, flag: flag, handler)
    }
  }

  /// The sync's thread: one session, one question at a time.
  private func loop(
    from cookie: [UInt8]?, flag: CancellationFlag,
    _ handler: @escaping @Sendable (LDAPSyncChange) -> Void
  ) -> Result<Void, DirectoryError> {
    do throws(DirectoryError) {
      let session = try openSession(flag)
      let round = DirSyncRound(
        session: session, mapper: mapper, base: try namingContext(session, flag),
        handler: handler)
      var cookie = cookie
      // Whether the changes since the cookie (or everyone) are still to come.
      var refreshing = true
      // Whether everyone comes whole: a refresh without a cookie, through
      // all its rounds (the server's "more" continues it from a cookie).
      var everyone = cookie == nil
      while !flag.isCancelled {
        let answer: DirSyncRound.Answer
        do {
          answer = try round.ask(from: cookie, everyone: everyone, flag: flag)
        } catch {
          guard refreshing, cookie != nil, !everyone, Self.refusesCookie(error) else { throw error }
          handler(.reloadRequired)
          cookie = nil
          everyone = true
          continue
        }
        if answer.changed || (refreshing && !answer.more) {
          // Kept only when something came: the next start asks from here.
          handler(.cookie(answer.cookie))
        }
        cookie = answer.cookie
        if answer.more { continue }
        if refreshing {
          refreshing = false
          everyone = false
          handler(.refreshDone)
        }
        try writes.wait(upTo: pollInterval, flag: flag)
      }
      return .success(())
    } catch {
      return flag.isCancelled ? .success(()) : .failure(error)
    }
  }

  /// The naming context that holds the URL's base (DirSync searches one
  /// whole): asked of the root DSE on `session`.
  private func namingContext(_ session: LDAPSession, _ flag: CancellationFlag)
    throws(DirectoryError) -> String
  {
    let request = LDAPSearchRequest(
      base: "", scope: .base, filter: "(objectClass=*)", attributes: LDAPRootDSE.attributes)
    let rootDSE = LDAPRootDSE(try session.search(request, cancel: flag).entries.first)
    guard let context = rootDSE.namingContext(holding: session.url.baseDN) else {
      throw .ldap(.noBaseDN(namingContexts: rootDSE.namingContexts))
    }
    return context
  }

  /// Whether `error` is the server's answer to a cookie it cannot use
  /// (Samba: 12, "Unable to unmarshall cookie"; Windows: 2 or 53).
  private static func refusesCookie(_ error: DirectoryError) -> Bool {
    if case .result(let code, _)? = error.ldap { return [2, 12, 53].contains(code) }
    return false
  }
}
