import Directory
import SharedSupport

/// What following a server says besides its changes.
///
/// Threading: a plain value; `Sendable`.
public enum LDAPSyncStatus: Sendable, Equatable {
  /// The connection was lost or could not be made; the next try is after
  /// `retryIn`, from the last cookie.
  case disconnected(DirectoryError, retryIn: Duration)
  /// The server refused the sync in a way no retry changes (a size or
  /// administrative limit, an access control, a control it does not
  /// offer): following stopped.
  case refused(DirectoryError)
}

/// Where a copy's changes come from: a server followed on a thread of its
/// own, each change reported as an ``LDAPSyncChange`` in the server's
/// order — Content Sync (``LDAPContentSync``, RFC 4533: OpenLDAP, 389) or
/// Active Directory's DirSync (``LDAPDirSync``). ``follow(from:backoff:resume:status:_:)``
/// keeps one going through lost connections.
///
/// Threading: `Sendable`; `run` may be called again after it returns.
public protocol LDAPChangeSource: Sendable {
  /// The servers tried in turn for each connection (one directory's).
  var servers: [LDAPURL] { get }
  var options: LDAPOptions { get }

  /// Connects, signs in and reports the changes since `cookie` (nil:
  /// everyone, then what changes), until the task is cancelled (returns)
  /// or the connection fails or is refused (throws).
  func run(from cookie: [UInt8]?, _ handler: @escaping @Sendable (LDAPSyncChange) -> Void)
    async throws(DirectoryError)
}

extension LDAPChangeSource {
  /// The first and the longest wait before reconnecting.
  public static var defaultBackoff: ClosedRange<Duration> {
    Duration.milliseconds(500)...Duration.seconds(30)
  }

  /// Syncs from `cookie` until the task is cancelled or the server
  /// refuses the sync for good (``LDAPSyncStatus/refused(_:)``, then it
  /// returns), reconnecting after
  /// every lost connection from the last cookie the server gave, after a
  /// wait that starts at `backoff`'s lower bound and doubles up to its upper
  /// bound while the server stays away (back to the lower bound once it
  /// answers). Each failure goes to `status` with the wait before the next
  /// try; the changes go to `handler` as ``run(from:_:)`` gives them. When
  /// `resume` is given, it says the cookie each connection starts from
  /// instead (a caller whose copy is only half refreshed starts over).
  public func follow(
    from cookie: [UInt8]?, backoff: ClosedRange<Duration> = Self.defaultBackoff,
    resume: (@Sendable () -> [UInt8]?)? = nil,
    status: @escaping @Sendable (LDAPSyncStatus) -> Void,
    _ handler: @escaping @Sendable (LDAPSyncChange) -> Void
  ) async {
    let progress = Locked(FollowProgress(cookie: cookie))
    var delay = backoff.lowerBound
    var isFirst = true
    while !Task.isCancelled {
      var start = progress.withLock { $0.cookie }
      if let resume, !isFirst { start = resume() }
      isFirst = false
      do throws(DirectoryError) {
        try await run(from: start) { change in
          progress.withLock { progress in
            progress.answered = true
            switch change {
            case .cookie(let bytes): progress.cookie = bytes
            case .reloadRequired: progress.cookie = nil
            default: break
            }
          }
          handler(change)
        }
        return
      } catch {
        guard !Task.isCancelled else { return }
        if Self.isLasting(error) {
          status(.refused(error))
          return
        }
        if progress.withLock({ $0.takeAnswered() }) { delay = backoff.lowerBound }
        status(.disconnected(error, retryIn: delay))
        do {
          try await Task.sleep(for: delay)
        } catch {
          return
        }
        delay = min(delay * 2, backoff.upperBound)
      }
    }
  }
}

extension LDAPChangeSource {
  /// Whether `error` is a refusal the server gives every time: its size
  /// limit (4) or an administrative one (11), an access control (50), or
  /// the control unavailable (12). A sync that meets one stops rather
  /// than ask again forever.
  static func isLasting(_ error: DirectoryError) -> Bool {
    switch error.ldap {
    case .sizeLimitExceeded?: true
    case .result(let code, _)? where [11, 12, 50].contains(code): true
    case .changesRefused?: true
    default: false
    }
  }

  /// Runs `loop` on a thread of its own (a long-lived blocking loop: never
  /// the main thread, never Swift's cooperative pool), its flag raised
  /// when the calling task is cancelled.
  func onOwnThread(
    named name: String,
    _ loop: @escaping @Sendable (CancellationFlag) -> Result<Void, DirectoryError>
  ) async throws(DirectoryError) {
    let flag = CancellationFlag()
    let result: Result<Void, DirectoryError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DetachedThread.start(name: name) { continuation.resume(returning: loop(flag)) }
      }
    } onCancel: {
      flag.cancel()
    }
    try result.get()
  }

  /// A session with the first of ``servers`` that answers; the last
  /// server's error when none does.
  func openSession(_ flag: CancellationFlag) throws(DirectoryError) -> LDAPSession {
    var failure: DirectoryError?
    for server in servers where !flag.isCancelled {
      do {
        return try LDAPSession.open(server, options: options, cancel: flag)
      } catch {
        failure = error
      }
    }
    throw failure ?? .cancelled
  }
}

/// Where a follow has got to: the last cookie, and whether the server
/// answered since the last failure.
///
/// Threading: behind the follow's lock.
private struct FollowProgress {
  var cookie: [UInt8]?
  var answered = false

  /// Whether the server answered since the last call.
  mutating func takeAnswered() -> Bool {
    defer { answered = false }
    return answered
  }
}
