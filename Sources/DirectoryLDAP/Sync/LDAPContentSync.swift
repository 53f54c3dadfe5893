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
/// A server whose size limit (or an administrative one) stops the refresh
/// of everyone may still let Paged Results go to the end: the copy is then
/// filled and kept by reading everyone page by page every
/// ``rereadInterval`` (``PagedRereads``), compared with what it holds; only
/// a server that stops those too refuses the copy (the limit is the error).
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
  /// How long a copy kept by Paged Results waits between two reads of
  /// everyone; nil: a refresh stopped by a limit refuses the copy.
  public let rereadInterval: Duration?
  let mapper: LDAPEntryMapper
  /// Whether a limit stopped a refresh: later connections read with Paged
  /// Results at once.
  private let isLimited = Locked(false)

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

  /// A sync of the people at `servers` (at least one), tried in turn; a
  /// copy the server's limit keeps from Content Sync is read again every
  /// `rereadInterval` (nil: refused).
  public init(
    servers: [LDAPURL], options: LDAPOptions, rereadInterval: Duration? = .seconds(60)
  ) {
    precondition(!servers.isEmpty, "a sync needs a server")
    self.servers = servers
    var options = options
    options.identity = .uniqueID
    self.options = options
    self.rereadInterval = rereadInterval
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
      let paged = rereadInterval.map { PagedRereads(interval: $0, mapper: mapper) }
      var cookie = cookie
      if let paged, cookie == PagedRereads.cookie || isLimited.withLock({ $0 }) {
        try paged.run(session: session, from: cookie, flag: flag, handler)
        return .success(())
      }
      if cookie == PagedRereads.cookie {
        // A copy kept by paged reads, no longer allowed to be: made anew.
        handler(.reloadRequired)
        cookie = nil
      }
      while !flag.isCancelled {
        let handed = Locked(false)
        let search = LDAPSyncSearch(session: session, mapper: mapper) { change in
          handed.withLock { $0 = true }
          handler(change)
        }
        let end: LDAPSyncSearch.End
        do {
          end = try search.persist(from: cookie, flag: flag)
        } catch {
          guard let paged, Self.isLimit(error) else { throw error }
          isLimited.withLock { $0 = true }
          // What the refresh brought before the limit is read again.
          if handed.withLock({ $0 }) { handler(.refreshBegins) }
          do {
            try paged.run(session: session, from: cookie, flag: flag, handler)
          } catch let pagedError {
            // Paged Results stopped too (or not offered): the limit is why
            // there is no copy.
            throw Self.isLasting(pagedError) ? error : pagedError
          }
          return .success(())
        }
        switch end {
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

  /// Whether `error` is a size limit (4) or an administrative one (11):
  /// what a read page by page may get past.
  private static func isLimit(_ error: DirectoryError) -> Bool {
    switch error.ldap {
    case .sizeLimitExceeded?: true
    case .result(code: 11, _)?: true
    default: false
    }
  }
}
