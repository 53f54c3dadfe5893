import CLDAP
import Directory
import FoundationEssentials
import SharedSupport

/// LDAP Content Synchronization (RFC 4533, slapd's `syncprov`) in
/// refreshAndPersist mode: the people under the URL's base and filter sent
/// once (or, from a cookie, only what changed since), then every add,
/// change, rename and delete as it happens, on a connection of its own.
///
///     let sync = try LDAPContentSync(url: url, options: options)
///     try await sync.run(from: savedCookie) { change in … }   // until cancelled
///
/// The changes reach the handler in the server's order on the sync's own
/// thread (a long-lived blocking loop: never the main thread, never Swift's
/// cooperative pool). Cancelling the calling task ends the loop within a
/// poll interval and closes the connection. A server whose history no
/// longer reaches the cookie is answered with a full refresh, announced by
/// ``LDAPSyncChange/reloadRequired``. Given a list of servers (the same
/// directory replicated), each connection goes to the first that answers,
/// in the list's order. Reconnecting after the server goes away is the
/// caller's: `run` throws.
///
/// Threading: `Sendable`; `run` may be called again after it returns.
public final class LDAPContentSync: LDAPChangeSource {
  /// The OID a server lists in its root DSE's `supportedControl` when it
  /// offers Content Sync.
  public static let controlOID = "1.3.6.1.4.1.4203.1.9.1.1"

  /// The first server, and the search every server is asked.
  public var url: LDAPURL { servers[0] }
  /// The servers tried in turn for each connection.
  public let servers: [LDAPURL]
  public let options: LDAPOptions
  let mapper: LDAPEntryMapper

  /// A sync of the people at `url` (an LDAP URL with base DN, scope and
  /// filter, or a list of them: servers of one directory) with `options`;
  /// nothing is sent before `run`.
  public convenience init(url: String, options: LDAPOptions) throws(DirectoryError) {
    let servers = try LDAPURL.list(url)
    guard let first = servers.first else { throw .ldap(.invalidURL(url, reason: "no server")) }
    self.init(servers: [first] + servers.dropFirst(), options: options)
  }

  /// A sync of the people at `url` with `options`.
  public convenience init(url: LDAPURL, options: LDAPOptions) {
    self.init(servers: [url], options: options)
  }

  /// A sync of the people at `servers` (at least one), tried in turn.
  public init(servers: [LDAPURL], options: LDAPOptions) {
    precondition(!servers.isEmpty, "a sync needs a server")
    self.servers = servers
    var options = options
    options.identity = .uniqueID
    self.options = options
    mapper = LDAPEntryMapper(schema: options.schema, identity: .uniqueID)
  }

  /// Connects, signs in and syncs from `cookie` (nil: everything), handing
  /// each change to `handler`, until the task is cancelled (returns) or the
  /// connection fails (throws).
  public func run(
    from cookie: [UInt8]?, _ handler: @escaping @Sendable (LDAPSyncChange) -> Void
  ) async throws(DirectoryError) {
    try await onOwnThread(named: "roster-ldap-sync") { [self] flag in
      loop(from: cookie, flag: flag, handler)
    }
  }

  /// The sync's thread: one session, one persistent search at a time.
  private func loop(
    from cookie: [UInt8]?, flag: CancellationFlag,
    _ handler: @escaping @Sendable (LDAPSyncChange) -> Void
  ) -> Result<Void, DirectoryError> {
    do throws(DirectoryError) {
      let session = try openSession(flag)
      var cookie = cookie
      while !flag.isCancelled {
        let search = LDAPSyncSearch(session: session, mapper: mapper, handler: handler)
        switch try search.persist(from: cookie, flag: flag) {
        case .cancelled: return .success(())
        case .reloadRequired:
          handler(.reloadRequired)
          cookie = nil
        }
      }
      return .success(())
    } catch {
      return flag.isCancelled ? .success(()) : .failure(error)
    }
  }
}
