import CSoup
import GObjectKit

/// One request in flight, from its first message to the last byte of the
/// answer: redirects followed and checked hop by hop, the time limit, the
/// body read in chunks up to its limit, and a certificate libsoup refused
/// checked against the session's extra authorities.
///
/// Threading: made anywhere, then used only on the network thread. It keeps
/// itself alive (one retain from ``start()`` to ``finish(_:)``), and
/// resumes its continuation exactly once.
final class HTTPExchange: @unchecked Sendable {
  typealias Outcome = Result<HTTPResponse, HTTPFailure>

  private static let chunkBytes = 64 << 10
  private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

  private let request: HTTPRequest
  private let handle: SessionHandle
  private let cancellable: Cancellable
  private var continuation: CheckedContinuation<Outcome, Never>?

  private var url: String
  private var visited: Set<String>
  private var ownedMessage: ObjectRef?
  private var message: OpaquePointer? { ownedMessage?.opaque }
  private var certificateHandler: UInt = 0
  private var handshakeHandler: UInt = 0
  /// The current message's own cancellable, cancelled with the exchange's
  /// (`link`) or alone when the message is left unread: a redirect's body,
  /// a body over its limit. libsoup skips an unread body when its stream
  /// closes, blocking, unless the message was cancelled first.
  private var ownedCancellable: ObjectRef?
  private var messageCancellable: UnsafeMutablePointer<GCancellable>? { ownedCancellable?.typed() }
  private var link: UInt = 0
  private var ownedStream: ObjectRef?
  private var stream: UnsafeMutablePointer<GInputStream>? { ownedStream?.typed() }
  private var timer: UnsafeMutablePointer<GSource>?
  private var timedOut = false
  /// What was wrong with the last certificate refused, for the failure.
  private var refusedCertificate: CertificateProblems = []
  private var status = 0
  private var headers: [(name: String, value: String)] = []
  private var body: [UInt8] = []
  /// The body's length as the server declared it, when the bytes read are
  /// the bytes sent (no content coding): fewer at the end is a truncation.
  private var declaredLength: Int?

  init(
    _ request: HTTPRequest, session: SessionHandle, cancellable: Cancellable,
    continuation: CheckedContinuation<Outcome, Never>
  ) {
    self.request = request
    handle = session
    self.cancellable = cancellable
    self.continuation = continuation
    url = request.url
    visited = [request.url]
    session.log.begin(ObjectIdentifier(self), url: request.url, cancellable: cancellable)
  }

  private var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  private static func from(_ data: UnsafeMutableRawPointer?) -> HTTPExchange {
    Unmanaged<HTTPExchange>.fromOpaque(data!).takeUnretainedValue()
  }

  /// Sends the first message (network thread).
  func start() {
    _ = Unmanaged.passRetained(self)
    let limit: Duration
    switch request.timeLimit {
    case .head(let duration), .whole(let duration): limit = duration
    }
    timer = NetworkThread.shared.timer(after: limit) { [self] in timeUp() }
    send()
  }

  private func timeUp() {
    timedOut = true
    cancellable.cancel()
  }

  private func stopTimer() {
    guard let timer else { return }
    g_source_destroy(timer)
    g_source_unref(timer)
    self.timer = nil
  }

  private func send() {
    guard !cancellable.isCancelled else { return finish(.failure(cancelledFailure)) }
    guard let scheme = url.split(separator: ":", maxSplits: 1).first?.lowercased(),
      scheme == "http" || scheme == "https",
      let message = soup_message_new(visited.count > 1 ? "GET" : request.method, url)
    else { return finish(.failure(visited.count > 1 ? .badRedirect : .badURL)) }
    ownedMessage = ObjectRef(message, adopt: true, releasedOn: .droppingThread)
    let messageCancellable = g_cancellable_new()!
    ownedCancellable = ObjectRef(messageCancellable, adopt: true, releasedOn: .droppingThread)
    link = csoup_cancel_with(cancellable.pointer, messageCancellable)
    soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
    let requestHeaders = soup_message_get_request_headers(message)
    for (name, value) in request.headers {
      soup_message_headers_replace(requestHeaders, name, value)
    }
    if let body = request.body, visited.count == 1 {
      let bytes = body.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
      soup_message_set_request_body_from_bytes(message, body.contentType, bytes)
      g_bytes_unref(bytes)
    }
    certificateHandler = csoup_on_accept_certificate(
      message,
      { _, certificate, errors, data in
        HTTPExchange.from(data).accepts(certificate, errors: errors) ? 1 : 0
      }, pointer)
    handshakeHandler = csoup_on_handshaked(
      message, { _, connection, data in HTTPExchange.from(data).handshaked(connection) }, pointer)
    soup_session_send_async(
      handle.session, message, G_PRIORITY_DEFAULT, messageCancellable,
      { _, result, data in HTTPExchange.from(data).sent(result) }, pointer)
    handle.log.update(ObjectIdentifier(self), .sent)
  }

  private func sent(_ result: OpaquePointer?) {
    handle.answers.pass()
    var error: UnsafeMutablePointer<GError>?
    guard let stream = soup_session_send_finish(handle.session, result, &error) else {
      let failure = failure(error)
      if failure == .refused { return askWhetherAProxyRefused() }
      return finish(.failure(failure))
    }
    ownedStream = ObjectRef(stream, adopt: true, releasedOn: .droppingThread)
    status = Int(soup_message_get_status(message).rawValue)
    let responseHeaders = soup_message_get_response_headers(message)
    if request.maxRedirects > 0, Self.redirectStatuses.contains(status) {
      let location = soup_message_headers_get_one(responseHeaders, "Location")
      return follow(location.map { String(cString: $0) })
    }
    headers = Self.headers(responseHeaders)
    if case .head = request.timeLimit { stopTimer() }
    guard (200...299).contains(status) else { return finish(.success(response)) }
    if let declared = soup_message_headers_get_one(responseHeaders, "Content-Length"),
      let length = Int(String(cString: declared)), length > request.maxBodyBytes
    {
      // Compressed bytes already over the limit are more once inflated.
      return finish(.failure(.tooLarge))
    }
    if soup_message_headers_get_one(responseHeaders, "Content-Encoding") == nil,
      soup_message_headers_get_encoding(responseHeaders) == SOUP_ENCODING_CONTENT_LENGTH
    {
      declaredLength = Int(soup_message_headers_get_content_length(responseHeaders))
      body.reserveCapacity(declaredLength ?? 0)
    }
    handle.log.update(ObjectIdentifier(self), .readingBody(status: status, bytes: 0))
    read()
  }

  /// The system's proxy resolver, as the session uses it.
  private var proxyResolver: OpaquePointer? {
    soup_session_get_proxy_resolver(handle.session) ?? g_proxy_resolver_get_default()
  }

  /// A refused connection: GIO says only "connection refused", whether the
  /// server or the proxy in front of it refused. When the system's resolver
  /// names a proxy for the address, libsoup connected to that proxy, not to
  /// the server (a proxy that cannot reach the server answers 502 instead),
  /// so the proxy refused. Asked again here, asynchronously: a PAC file may
  /// take a while, and the network thread must not wait for it.
  private func askWhetherAProxyRefused() {
    g_proxy_resolver_lookup_async(
      proxyResolver, url, cancellable.pointer,
      { _, result, data in HTTPExchange.from(data).lookedUpProxy(result) }, pointer)
  }

  private func lookedUpProxy(_ result: OpaquePointer?) {
    guard !cancellable.isCancelled else { return finish(.failure(cancelledFailure)) }
    let proxies = g_proxy_resolver_lookup_finish(proxyResolver, result, nil)
    defer { g_strfreev(proxies) }
    guard let first = proxies?.pointee.map({ String(cString: $0) }), first != "direct://" else {
      return finish(.failure(.refused))
    }
    finish(.failure(.proxyRefused(proxy: Self.withoutCredentials(first))))
  }

  /// "scheme://host:port" of a proxy's address: never the user name and
  /// password it may hold, which a sentence on screen must not show.
  static func withoutCredentials(_ proxy: String) -> String {
    guard let uri = g_uri_parse(proxy, G_URI_FLAGS_NONE, nil) else { return "" }
    defer { g_uri_unref(uri) }
    let scheme = g_uri_get_scheme(uri).map { String(cString: $0) } ?? ""
    let host = g_uri_get_host(uri).map { String(cString: $0) } ?? ""
    let port = g_uri_get_port(uri)
    return port > 0 ? "\(scheme)://\(host):\(port)" : "\(scheme)://\(host)"
  }

  /// The next hop of a redirect from `url` to `location`.
  private func follow(_ location: String?) {
    dropMessage()
    guard let location, let base = g_uri_parse(url, G_URI_FLAGS_NONE, nil) else {
      return finish(.failure(.badRedirect))
    }
    let next = g_uri_parse_relative(base, location, G_URI_FLAGS_NONE, nil)
    g_uri_unref(base)
    guard let next else { return finish(.failure(.badRedirect)) }
    let scheme = String(cString: g_uri_get_scheme(next)).lowercased()
    let text = g_uri_to_string(next)
    let address = text.map { String(cString: $0) } ?? ""
    g_free(text)
    g_uri_unref(next)
    guard scheme == "http" || scheme == "https" else { return finish(.failure(.badRedirect)) }
    guard visited.count <= request.maxRedirects, visited.insert(address).inserted else {
      return finish(.failure(.redirectLimit))
    }
    url = address
    send()
  }

  private func read() {
    g_input_stream_read_bytes_async(
      stream, gsize(Self.chunkBytes), G_PRIORITY_DEFAULT, messageCancellable,
      { _, result, data in HTTPExchange.from(data).readSome(result) }, pointer)
  }

  private func readSome(_ result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    guard let bytes = g_input_stream_read_bytes_finish(stream, result, &error) else {
      return finish(.failure(failure(error)))
    }
    defer { g_bytes_unref(bytes) }
    var size = 0
    let data = g_bytes_get_data(bytes, &size)
    guard size > 0 else {
      if let declaredLength, body.count < declaredLength {
        return finish(.failure(.network("the server closed the connection before the end")))
      }
      return finish(.success(response))
    }
    guard body.count + size <= request.maxBodyBytes else { return finish(.failure(.tooLarge)) }
    body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
    handle.log.update(ObjectIdentifier(self), .readingBody(status: status, bytes: body.count))
    read()
  }

  private var response: HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: body, url: url)
  }

  /// Whether to take a certificate the session's database refused: any
  /// with ``HTTPTrust/anyone``, or one the extra authorities sign.
  private func accepts(
    _ certificate: UnsafeMutablePointer<GTlsCertificate>?, errors: GTlsCertificateFlags
  ) -> Bool {
    switch handle.configuration.trust.kind {
    case .anyone: return true
    case .systemAnd(let file):
      if let certificate, verify(certificate, against: file.database).isEmpty { return true }
    case .system, .only: break
    }
    refusedCertificate = CertificateProblems(rawValue: errors.rawValue)
    if refusedCertificate.isEmpty { refusedCertificate = .other }
    return false
  }

  /// Checks the certificate of every handshake again, against this
  /// session's trust. GIO resumes a TLS session from a process-wide cache
  /// keyed by the server's address, without checking the certificate, so a
  /// session another ``HTTPSession`` accepted (``HTTPTrust/anyone``) would
  /// otherwise pass here unchecked.
  private func handshaked(_ connection: UnsafeMutablePointer<GTlsConnection>?) {
    let kind = handle.configuration.trust.kind
    if case .anyone = kind { return }
    guard let certificate = g_tls_connection_get_peer_certificate(connection) else {
      return refuse(.other)
    }
    // The name this handshake was for: the server's, or a proxy's when
    // the proxy itself speaks TLS.
    let identity = g_tls_client_connection_get_server_identity(OpaquePointer(connection))
    let problems: CertificateProblems
    switch kind {
    case .only(let file):
      problems = verify(certificate, against: file.database, for: identity)
    case .system, .systemAnd, .anyone:
      let database = g_tls_backend_get_default_database(g_tls_backend_get_default())
        .map { ObjectRef($0, adopt: true, releasedOn: .droppingThread) }
      let system =
        database.map { verify(certificate, against: $0.typed(), for: identity) } ?? .other
      if case .systemAnd(let file) = kind, !system.isEmpty {
        problems = verify(certificate, against: file.database, for: identity)
      } else {
        problems = system
      }
    }
    if !problems.isEmpty { refuse(problems) }
  }

  private func refuse(_ problems: CertificateProblems) {
    refusedCertificate = problems
    g_cancellable_cancel(messageCancellable)
  }

  /// What `database` finds wrong with `certificate` for `identity` (nil:
  /// the host of the address asked).
  private func verify(
    _ certificate: UnsafeMutablePointer<GTlsCertificate>,
    against database: UnsafeMutablePointer<GTlsDatabase>, for identity: OpaquePointer? = nil
  ) -> CertificateProblems {
    let uri = soup_message_get_uri(message)
    let port = g_uri_get_port(uri)
    let asked = ObjectRef(
      g_network_address_new(g_uri_get_host(uri), UInt16(clamping: port > 0 ? port : 443))!,
      adopt: true, releasedOn: .droppingThread)
    let problems = g_tls_database_verify_chain(
      database, certificate, "1.3.6.1.5.5.7.3.1", identity ?? asked.opaque, nil,
      G_TLS_DATABASE_VERIFY_NONE, nil, nil)
    return CertificateProblems(rawValue: problems.rawValue)
  }

  private var cancelledFailure: HTTPFailure { timedOut ? .timedOut : .cancelled }

  /// GIO's or libsoup's `error` as a failure (and frees it).
  private func failure(_ error: UnsafeMutablePointer<GError>?) -> HTTPFailure {
    guard let error else { return .network("unknown error") }
    defer { g_error_free(error) }
    let domain = error.pointee.domain
    let code = error.pointee.code
    let words = String(cString: error.pointee.message)
    if !refusedCertificate.isEmpty {
      return .certificateRefused(server: origin, problems: refusedCertificate)
    }
    if domain == csoup_io_error_quark() {
      switch GIOErrorEnum(rawValue: UInt32(bitPattern: code)) {
      case G_IO_ERROR_CANCELLED: return cancelledFailure
      case G_IO_ERROR_TIMED_OUT: return .timedOut
      case G_IO_ERROR_CONNECTION_REFUSED: return .refused
      case G_IO_ERROR_PROXY_FAILED, G_IO_ERROR_PROXY_AUTH_FAILED, G_IO_ERROR_PROXY_NEED_AUTH,
        G_IO_ERROR_PROXY_NOT_ALLOWED:
        return .proxyFailed(words)
      default: return .network(words)
      }
    }
    if domain == csoup_resolver_error_quark() { return .unknownHost(host ?? url) }
    if domain == csoup_tls_error_quark() { return .tlsFailed(server: origin, reason: words) }
    return .network(words)
  }

  private var host: String? {
    guard let uri = g_uri_parse(url, G_URI_FLAGS_NONE, nil) else { return nil }
    defer { g_uri_unref(uri) }
    return g_uri_get_host(uri).map { String(cString: $0) }
  }

  /// "https://host:port" of the address asked last.
  private var origin: String {
    guard let uri = g_uri_parse(url, G_URI_FLAGS_NONE, nil) else { return url }
    defer { g_uri_unref(uri) }
    let scheme = String(cString: g_uri_get_scheme(uri))
    let host = g_uri_get_host(uri).map { String(cString: $0) } ?? ""
    let port = g_uri_get_port(uri)
    return port > 0 ? "\(scheme)://\(host):\(port)" : "\(scheme)://\(host)"
  }

  private static func headers(_ headers: OpaquePointer?) -> [(name: String, value: String)] {
    var all: [(name: String, value: String)] = []
    var iterator = SoupMessageHeadersIter()
    soup_message_headers_iter_init(&iterator, headers)
    var name: UnsafePointer<CChar>?
    var value: UnsafePointer<CChar>?
    while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
      if let name, let value { all.append((String(cString: name), String(cString: value))) }
    }
    return all
  }

  /// Lets go of the current message: cancelled first, so that closing
  /// its stream does not read (blocking) what is left of its body.
  private func dropMessage() {
    if let messageCancellable {
      g_cancellable_disconnect(cancellable.pointer, link)
      g_cancellable_cancel(messageCancellable)
    }
    ownedStream = nil
    if let message {
      g_signal_handler_disconnect(UnsafeMutableRawPointer(message), certificateHandler)
      g_signal_handler_disconnect(UnsafeMutableRawPointer(message), handshakeHandler)
    }
    ownedMessage = nil
    ownedCancellable = nil
  }

  private func finish(_ outcome: Outcome) {
    stopTimer()
    dropMessage()
    handle.log.end(ObjectIdentifier(self))
    guard let continuation else { return }
    self.continuation = nil
    continuation.resume(returning: outcome)
    Unmanaged.passUnretained(self).release()
  }
}
