import CSoup
import GObjectKit

/// Roster's HTTP client: a libsoup 3 session on the ``NetworkThread``, so
/// requests go through the system's proxy settings (`https_proxy`,
/// `no_proxy`, GNOME's settings, PAC files: GIO's default proxy resolver)
/// and the system's TLS library and trust store (glib-networking), keep
/// connections alive between requests, and inflate gzip answers.
///
/// Every session keeps the same rules: the caller's timeouts and body
/// limit, redirects followed one hop at a time by ``HTTPExchange`` (only to
/// http(s), no cycles, bounded), a refused connection failing at once, and
/// TLS verified unless ``HTTPTrust/anyone`` says otherwise.
///
/// Threading: `Sendable`; ``send(_:)`` may run concurrently from any task
/// and suspends, never blocks. libsoup itself is touched only on the
/// network thread.
public final class HTTPSession: Sendable {
  /// What every request of a session shares.
  public struct Configuration: Sendable {
    /// The longest silence of a connection, connecting included.
    public var ioTimeout: Duration
    public var trust: HTTPTrust
    /// Connections open at once to one host.
    public var connectionsPerHost: Int

    public init(ioTimeout: Duration, trust: HTTPTrust = .system, connectionsPerHost: Int = 8) {
      self.ioTimeout = ioTimeout
      self.trust = trust
      self.connectionsPerHost = connectionsPerHost
    }
  }

  let handle: SessionHandle

  public init(_ configuration: Configuration) {
    handle = SessionHandle(configuration)
  }

  deinit {
    let handle = handle
    NetworkThread.shared.perform { handle.abort() }
  }

  /// What the server at `request.url` answered, or why not. Cancelling the
  /// calling task cancels the exchange.
  ///
  /// The cancellation is handed to the network thread, so that it lands
  /// between libsoup's steps, never inside one: `soup_session_send_finish`
  /// checks the cancellable again after libsoup has handed the answer over,
  /// and a cancellation from another thread landing in between makes
  /// libsoup 3.2 end the message and then close the answer's stream on the
  /// ended message, a null dereference (`HTTPCancellationTests` holds the
  /// network thread there).
  public func send(_ request: HTTPRequest) async throws(HTTPFailure) -> HTTPResponse {
    let cancellable = Cancellable()
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let exchange = HTTPExchange(
          request, session: handle, cancellable: cancellable, continuation: continuation)
        NetworkThread.shared.perform { exchange.start() }
      }
    } onCancel: {
      NetworkThread.shared.perform { cancellable.cancel() }
    }
    return try result.get()
  }

  /// The exchanges in flight, one a line (address, step and for how long, whether
  /// cancelled), and the network thread's backlog: what a test whose wait for a download ran
  /// out reports.
  package func inFlightReport() -> [String] {
    handle.log.report + [NetworkThread.shared.backlogReport]
  }

  /// Stops the network thread when libsoup hands an exchange its answer's head, before the
  /// exchange takes it, until ``releaseAnswers()``: a test cancels meanwhile, so that the
  /// cancellation meets the exchange at that moment on any machine (``AnswerGate``). Every
  /// exchange of the process waits while one is held: the thread is theirs too.
  package func holdAnswers() {
    handle.answers.hold()
  }

  /// Exchanges stopped by ``holdAnswers()`` now.
  package var heldAnswers: Int { handle.answers.heldCount }

  /// Lets the answers stopped by ``holdAnswers()`` go on, and later ones pass.
  package func releaseAnswers() {
    handle.answers.release()
  }

  /// Cancels every exchange in flight; later ones are sent as usual.
  public func abort() {
    let handle = handle
    NetworkThread.shared.perform { handle.abort() }
  }
}

/// The libsoup session behind an ``HTTPSession``, made on first use.
///
/// Threading: everything but `deinit` runs on the network thread; the
/// last reference may be dropped anywhere, and the session is then
/// released on the network thread.
final class SessionHandle: @unchecked Sendable {
  let configuration: HTTPSession.Configuration
  /// The session's exchanges that have not finished.
  let log = ExchangeLog()
  /// Where a test stops answers (``HTTPSession/holdAnswers()``).
  let answers = AnswerGate()
  private var made: ObjectRef?

  init(_ configuration: HTTPSession.Configuration) {
    self.configuration = configuration
  }

  deinit {
    // A session is finalized on the thread that made it: the last
    // reference goes there, taken out of the hand-over.
    guard made != nil else { return }
    let handOver = SessionHandOver(made)
    made = nil
    NetworkThread.shared.perform {
      if let session = handOver.session { soup_session_abort(session.typed()) }
      handOver.session = nil
    }
  }

  /// The session (network thread).
  var session: UnsafeMutablePointer<SoupSession> {
    if let made { return made.typed() }
    let perHost = UInt32(clamping: configuration.connectionsPerHost)
    let session = csoup_session_new(max(perHost * 4, 10), perHost)!
    let (seconds, attoseconds) = configuration.ioTimeout.components
    soup_session_set_timeout(session, UInt32(clamping: seconds + (attoseconds > 0 ? 1 : 0)))
    soup_session_set_user_agent(session, "Roster")
    if case .only(let file) = configuration.trust.kind {
      soup_session_set_tls_database(session, file.database)
    }
    made = ObjectRef(session, adopt: true, releasedOn: .droppingThread)
    return session
  }

  /// Cancels what is in flight (network thread).
  func abort() {
    if let made { soup_session_abort(made.typed()) }
  }
}

/// A session's last reference on its way to the network thread.
///
/// Threading: filled on the thread that drops the handle, emptied on the
/// network thread (the idle source orders the two).
private final class SessionHandOver: @unchecked Sendable {
  var session: ObjectRef?
  init(_ session: ObjectRef?) { self.session = session }
}

/// GIO's `GCancellable`. Any thread may read it; ``cancel()`` runs on the
/// network thread only (``HTTPSession/send(_:)`` says why).
final class Cancellable: Sendable {
  private let owned = ObjectRef(g_cancellable_new()!, adopt: true, releasedOn: .droppingThread)

  var pointer: UnsafeMutablePointer<GCancellable> { owned.typed() }

  func cancel() { g_cancellable_cancel(pointer) }

  var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }
}
