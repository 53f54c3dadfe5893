import CLDAP
import Directory
import Foundation
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
/// ``LDAPSyncChange/reloadRequired``. Reconnecting after the server goes
/// away is the caller's: `run` throws.
///
/// Threading: `Sendable`; `run` may be called again after it returns.
public final class LDAPContentSync: Sendable {
  /// The OID a server lists in its root DSE's `supportedControl` when it
  /// offers Content Sync.
  public static let controlOID = "1.3.6.1.4.1.4203.1.9.1.1"

  public let url: LDAPURL
  public let options: LDAPOptions
  let mapper: LDAPEntryMapper

  /// A sync of the people at `url` (one LDAP URL: base DN, scope and
  /// filter) with `options`; nothing is sent before `run`.
  public convenience init(url: String, options: LDAPOptions) throws(DirectoryError) {
    guard let first = try LDAPURL.list(url).first else {
      throw .ldap(.invalidURL(url, reason: "no server"))
    }
    self.init(url: first, options: options)
  }

  /// A sync of the people at `url` with `options`.
  public init(url: LDAPURL, options: LDAPOptions) {
    self.url = url
    var options = options
    options.identity = .entryUUID
    self.options = options
    mapper = LDAPEntryMapper(schema: options.schema, identity: .entryUUID)
  }

  /// Connects, signs in and syncs from `cookie` (nil: everything), handing
  /// each change to `handler`, until the task is cancelled (returns) or the
  /// connection fails (throws).
  public func run(
    from cookie: [UInt8]?, _ handler: @escaping @Sendable (LDAPSyncChange) -> Void
  ) async throws(DirectoryError) {
    let flag = CancellationFlag()
    let result: Result<Void, DirectoryError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let thread = Thread { [self] in
          continuation.resume(returning: self.loop(from: cookie, flag: flag, handler))
        }
        thread.name = "org.roster.ldap-sync"
        thread.start()
      }
    } onCancel: {
      flag.cancel()
    }
    try result.get()
  }

  /// The sync's thread: one session, one persistent search at a time.
  private func loop(
    from cookie: [UInt8]?, flag: CancellationFlag,
    _ handler: @escaping @Sendable (LDAPSyncChange) -> Void
  ) -> Result<Void, DirectoryError> {
    do throws(DirectoryError) {
      let session = try LDAPSession.open(url, options: options, cancel: flag)
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
