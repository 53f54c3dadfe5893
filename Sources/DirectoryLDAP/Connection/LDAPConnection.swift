import Directory
import Dispatch
import Synchronization

/// The one owner of a libldap handle: a serial queue of its own runs every
/// blocking libldap call for it, so no call ever blocks the main thread or
/// Swift's cooperative pool (two threads on a two-core machine), and the
/// handle, which is not thread-safe, is never used from two threads at once.
///
/// The session is opened on first use and again after it was dropped (the
/// server went away, or the caller asked for a fresh one).
///
/// Threading: `Sendable`. `session` is touched only on `queue`; the counter
/// is behind a lock.
final class LDAPConnection: @unchecked Sendable {
  private let queue: DispatchQueue
  private let url: LDAPURL
  private let options: LDAPOptions
  /// Only on `queue`.
  private var session: LDAPSession?
  private let opened = Mutex(0)

  init(url: LDAPURL, options: LDAPOptions) {
    self.url = url
    self.options = options
    queue = DispatchQueue(label: "roster.ldap.\(url.server)")
  }

  deinit {
    // The handle is closed on its own queue, never on the releasing thread
    // (which may be the main thread).
    let box = SessionBox(session)
    queue.async { box.close() }
  }

  /// How many times a connection was opened (the first, then reconnects).
  var connectionsOpened: Int { opened.withLock { $0 } }

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
        queue.async {
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
        current = try LDAPSession.open(url, options: options, cancel: flag)
        opened.withLock { $0 += 1 }
        session = current
      }
      return .success(try body(current, flag))
    } catch {
      switch error {
      case .serverGone, .cannotConnect, .timedOut:
        // The server is gone or stuck: start afresh next time. (A cancelled
        // operation was abandoned; the connection and its sorted list stay.)
        session = nil
      default: break
      }
      return .failure(error)
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
}
