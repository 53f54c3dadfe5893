import Directory
import Dispatch
import Glibc
import SharedSupport
import Synchronization

/// The one owner of a libldap handle: a serial queue of its own runs every
/// blocking libldap call for it, so no call ever blocks the main thread or
/// Swift's cooperative pool (two threads on a two-core machine), and the
/// handle, which is not thread-safe, is never used from two threads at once.
///
/// The session is opened on first use and again after it was dropped (the
/// server went away, or the caller asked for a fresh one). A directory may
/// name several servers: a session is opened on the server in use, and when
/// that one cannot be reached, on the next that can, in the list's order
/// (wrapping around). The switch is counted and reported to `onFailover`;
/// the new session starts without a sort context, since a server's context
/// means nothing to another.
///
/// Threading: `Sendable`. `session` is touched only on `queue`; the
/// counters and the server in use are behind a lock.
final class LDAPConnection: @unchecked Sendable {
  /// What the lock guards.
  private struct Counters {
    /// The index in `servers` of the server in use.
    var current: Int
    var opened = 0
    var failovers = 0
  }

  private let queue: DispatchQueue
  let servers: [LDAPURL]
  private let options: LDAPOptions
  private let onFailover: @Sendable (_ lost: LDAPURL, _ continuing: LDAPURL) -> Void
  /// Only on `queue`.
  private var session: LDAPSession?
  private let counters: Locked<Counters>

  /// A connection to `servers` (at least one), starting with the one at
  /// `first`.
  init(
    servers: [LDAPURL], options: LDAPOptions, first: Int = 0,
    onFailover: @escaping @Sendable (_ lost: LDAPURL, _ continuing: LDAPURL) -> Void = { _, _ in }
  ) {
    precondition(!servers.isEmpty, "a connection needs a server")
    self.servers = servers
    self.options = options
    self.onFailover = onFailover
    counters = Locked(Counters(current: servers.indices.contains(first) ? first : 0))
    Self.watchForExit()
    queue = DispatchQueue(label: "roster.ldap.\(servers[0].server)")
  }

  /// A connection to the one server `url`.
  convenience init(url: LDAPURL, options: LDAPOptions) {
    self.init(servers: [url], options: options)
  }

  deinit {
    // The handle is closed on its own queue, never on the releasing thread
    // (which may be the main thread).
    // The box takes the only reference first: were the field still to hold
    // one, the queue could close the box before this deinit ends, and the
    // field's release would then close the handle here.
    let box = SessionBox(session)
    session = nil
    Self.closing.enter()
    queue.async { @Sendable in
      // Once the process exits, the libraries' destructors tear SASL and
      // Kerberos down (their locks destroyed): an unbind then, which
      // Kerberos encrypts, would abort the process. The kernel closes the
      // socket instead.
      if Self.exiting.load(ordering: .acquiring) { box.abandon() } else { box.close() }
      Self.closing.leave()
    }
  }

  /// Handles released and not yet closed (a close may still be talking to
  /// the server, through SASL and Kerberos).
  private static let closing = DispatchGroup()
  /// Set at exit, before the libraries' destructors run.
  private static let exiting = Atomic<Bool>(false)

  /// Registers, once, what the process does at exit: no more unbinds,
  /// and the closes under way finished first (at most 2 s). Registered
  /// before any connection can be released, so before any exit that
  /// could meet a close (`roster check` ends as its connection goes).
  private static func watchForExit() {
    _ = exitWatch
  }

  private static let exitWatch: Void = {
    atexit {
      LDAPConnection.exiting.store(true, ordering: .releasing)
      _ = LDAPConnection.waitForClosedHandles(timeout: .seconds(2))
    }
  }()

  /// Waits until every connection released so far has closed its handle,
  /// for at most `timeout`; false when some are still closing.
  ///
  /// Threading: any thread but a connection's queue.
  static func waitForClosedHandles(timeout: Duration) -> Bool {
    closing.wait(timeout: .now() + .nanoseconds(Int(timeout.nanoseconds))) == .success
  }

  /// How many times a connection was opened (the first, then reconnects).
  var connectionsOpened: Int { counters.withLock { $0.opened } }

  /// How many times the connection moved to another server.
  var failovers: Int { counters.withLock { $0.failovers } }

  /// The index in `servers` of the server in use (or tried next).
  var currentIndex: Int { counters.withLock { $0.current } }

  /// Runs `body` on the connection's queue with a connected session,
  /// opening one first if needed (`fresh`: always a new one). A cancelled
  /// task's operation is abandoned; a lost connection is dropped so that
  /// the next call reconnects.
  func run<T: Sendable>(
    fresh: Bool = false,
    _ body: @escaping @Sendable (LDAPSession, CancellationFlag) throws(DirectoryError) -> T
  ) async throws(DirectoryError) -> T {
    let flag = CancellationFlag()
    let result: Result<T, DirectoryError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // Unowned: the caller holds the connection until the result is
        // back, and the block must not outlive that as its last owner (the
        // connection would then go on its own queue, after the caller
        // let it go).
        queue.async { @Sendable [unowned self] in
          continuation.resume(returning: self._run(fresh: fresh, flag: flag, body))
        }
      }
    } onCancel: {
      flag.cancel()
    }
    return try result.get()
  }

  /// Only on `queue`.
  private func _run<T>(
    fresh: Bool, flag: CancellationFlag,
    _ body: (LDAPSession, CancellationFlag) throws(DirectoryError) -> T
  ) -> Result<T, DirectoryError> {
    guard !flag.isCancelled else { return .failure(.cancelled) }
    if fresh { session = nil }
    do throws(DirectoryError) {
      let current: LDAPSession
      if let session {
        current = session
      } else {
        current = try _open(flag)
        session = current
      }
      return .success(try body(current, flag))
    } catch {
      if error.isUnreachable || session?.wasCut == true {
        // The server is gone or stuck, or a message over the limit was cut
        // at the socket: start afresh next time. (A cancelled operation was
        // abandoned; the connection and its sorted list stay.)
        session = nil
      }
      return .failure(error)
    }
  }

  /// Only on `queue`. A session on the server in use or, when it cannot be
  /// reached, on the first of the others that can; every one unreachable
  /// throws the error of the server in use. Any other failure (TLS, a
  /// refused password) is thrown at once: the servers share the options.
  private func _open(_ flag: CancellationFlag) throws(DirectoryError) -> LDAPSession {
    let first = currentIndex
    do throws(DirectoryError) {
      return try _open(at: first, flag)
    } catch  where error.isUnreachable && servers.count > 1 {
      for step in 1..<servers.count {
        let index = (first + step) % servers.count
        do throws(DirectoryError) {
          let session = try _open(at: index, flag)
          counters.withLock {
            $0.current = index
            $0.failovers += 1
          }
          onFailover(servers[first], servers[index])
          return session
        } catch let next where next.isUnreachable && !flag.isCancelled {
          continue
        }
      }
      throw error
    }
  }

  /// Only on `queue`.
  private func _open(at index: Int, _ flag: CancellationFlag) throws(DirectoryError)
    -> LDAPSession
  {
    let session = try LDAPSession.open(servers[index], options: options, cancel: flag)
    counters.withLock { $0.opened += 1 }
    return session
  }
}

extension DirectoryError {
  /// The server went away, refused the connection or stopped answering.
  var isUnreachable: Bool {
    if self == .timedOut { return true }
    switch ldap {
    case .serverGone?, .cannotConnect?: return true
    default: return false
    }
  }
}

/// Carries the session to its queue to be closed there.
///
/// Threading: handed from the releasing thread to the queue once.
private final class SessionBox: @unchecked Sendable {
  private var session: LDAPSession?

  init(_ session: LDAPSession?) {
    self.session = session
  }

  func close() {
    session = nil
  }

  /// Lets the session go without closing it (the process is ending).
  func abandon() {
    if let session { _ = Unmanaged.passRetained(session) }
    session = nil
  }
}
