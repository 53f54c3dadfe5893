import CLDAP
import Directory
import FoundationEssentials
import Glibc
import SharedSupport

/// One connected, bound libldap handle: opening it (timeouts, TLS,
/// StartTLS, simple bind) and closing it. Kerberos and certificate sign-in
/// are in `LDAPSession+SASL.swift`, searches in `LDAPSession+Search.swift`.
///
/// Threading: NOT thread-safe, like the `LDAP*` it wraps; owned by one
/// `LDAPConnection` and used only on that connection's queue.
final class LDAPSession {
  let handle: OpaquePointer
  let url: LDAPURL
  let options: LDAPOptions
  /// The virtual list view context the server returned last on this
  /// connection: sent back, it lets the server reuse its sorted list.
  var vlvContext: [UInt8]?
  /// Whether liblber cut a message over ``LDAPOptions/maxResponseBytes``
  /// at the socket: the connection is then unusable and is dropped.
  var wasCut = false
  /// Continuation references (RFC 4511 §4.5.3) the session's searches
  /// received and did not follow: Active Directory sends one for each other
  /// partition under a domain-root base.
  var referencesSkipped = 0

  private init(handle: OpaquePointer, url: LDAPURL, options: LDAPOptions) {
    self.handle = handle
    self.url = url
    self.options = options
  }

  deinit {
    options.mainThreadCalls?.record()
    ldap_unbind_ext(handle, nil, nil)
  }

  /// Connects to `url`, sets up TLS when asked and binds; throws a
  /// sentence-ready error for each way that fails.
  static func open(_ url: LDAPURL, options: LDAPOptions, cancel: CancellationFlag)
    throws(DirectoryError) -> LDAPSession
  {
    ignoreBrokenPipes()
    options.mainThreadCalls?.record()
    let hasPassword = options.signIn == .password && !(options.password?.value.isEmpty ?? true)
    let isTLS = url.isSecure || options.startTLS
    if options.signIn == .certificate || options.clientCertificate != nil, !isTLS {
      throw .ldap(.certificateNeedsTLS(server: url.server))
    }
    if hasPassword && !url.isSecure && !options.startTLS && !url.isLoopback
      && !options.allowPlaintextPassword
    {
      throw .ldap(.plaintextPasswordRefused(server: url.server))
    }
    var raw: OpaquePointer?
    guard ldap_initialize(&raw, url.serverURI) == LDAP_SUCCESS, let raw else {
      throw .ldap(.invalidURL(url.serverURI, reason: "libldap cannot use this address"))
    }
    let session = LDAPSession(handle: raw, url: url, options: options)
    try session.configure()
    if options.startTLS {
      let code = ldap_start_tls_s(raw, nil, nil)
      guard code == LDAP_SUCCESS else { throw session.tlsError(code) }
    }
    if let mechanism = options.signIn.saslMechanism {
      try session.saslBind(mechanism, cancel: cancel)
    } else {
      try session.bind(cancel: cancel)
    }
    session.readAhead()
    try session.limitIncoming()
    return session
  }

  /// On a connection without TLS, reads the socket through liblber's
  /// read-ahead buffer, as many entries a read(2) as fit in 16 KiB: libldap
  /// alone reads each entry's header and body apart and polls before each,
  /// three system calls an entry. (Under TLS the TLS layer already reads
  /// whole records.)
  private func readAhead() {
    // A SASL security layer (Kerberos's) already reads whole packets.
    guard !url.isSecure, !options.startTLS, options.signIn.saslMechanism == nil else { return }
    var sockbuf: OpaquePointer?
    guard ldap_get_option(handle, LDAP_OPT_SOCKBUF, &sockbuf) == LDAP_OPT_SUCCESS, let sockbuf
    else { return }
    _ = cldap_add_readahead(sockbuf)
  }

  /// Caps each message read from the server at ``LDAPOptions/maxResponseBytes``
  /// at the socket, on every connection (the Content Sync search's too):
  /// liblber reads a message's declared length and refuses a longer one
  /// before it reads or allocates the body, where counting the entries
  /// comes only after libldap buffered all of it.
  private func limitIncoming() throws(DirectoryError) {
    var sockbuf: OpaquePointer?
    guard ldap_get_option(handle, LDAP_OPT_SOCKBUF, &sockbuf) == LDAP_OPT_SUCCESS, let sockbuf,
      cldap_set_max_incoming(sockbuf, ber_len_t(max(1, options.maxResponseBytes))) == 1
    else { throw .ldap(.result(code: -1, message: "libldap refused a connection setting")) }
  }

  /// Before each connection, SIGPIPE is ignored for the whole process (one
  /// cheap system call per connection, and nobody can undo it in between). libldap writes to its socket with plain write(2) (and
  /// its TLS layer likewise), so a request or unbind sent to a server that
  /// has just died raises SIGPIPE, whose default action ends the process:
  /// a dead server would take Roster down instead of failing over. Ignored,
  /// the write fails with EPIPE and libldap reports the server as gone.
  static func ignoreBrokenPipes() {
    _ = signal(SIGPIPE, SIG_IGN)
  }

  /// The security strength a Kerberos bind without TLS must reach (56:
  /// GSSAPI's encryption; "minssf=56" in OpenLDAP's terms).
  static let kerberosMinimumSSF = 56

  /// Sets the handle's options before it connects.
  private func configure() throws(DirectoryError) {
    var version = LDAP_VERSION3
    var network = timeval(options.networkTimeout)
    var operation = timeval(options.operationTimeout)
    var requireCertificate = options.insecureTLS ? LDAP_OPT_X_TLS_NEVER : LDAP_OPT_X_TLS_DEMAND
    var isServer: Int32 = 0
    var failed = [
      ldap_set_option(handle, LDAP_OPT_PROTOCOL_VERSION, &version),
      ldap_set_option(handle, LDAP_OPT_NETWORK_TIMEOUT, &network),
      ldap_set_option(handle, LDAP_OPT_TIMEOUT, &operation),
      // Referrals would silently send the bind password to another server.
      ldap_set_option(handle, LDAP_OPT_REFERRALS, cldap_option_off()),
      ldap_set_option(handle, LDAP_OPT_RESTART, cldap_option_on()),
      // Kerberos names the service after the host as written in the URL,
      // not after what a reverse lookup of its address says: DNS that
      // someone else answers must not choose whom the ticket is for.
      ldap_set_option(handle, LDAP_OPT_X_SASL_NOCANON, cldap_option_on()),
    ].contains { $0 != LDAP_OPT_SUCCESS }
    if options.signIn == .kerberos, !url.isSecure, !options.startTLS {
      // Without TLS, Kerberos must bring a security layer (GSSAPI's
      // confidentiality): a server or a man in the middle that offers none
      // is refused rather than read in clear text.
      var minimum = ber_len_t(Self.kerberosMinimumSSF)
      failed = failed || ldap_set_option(handle, LDAP_OPT_X_SASL_SSF_MIN, &minimum) != 0
    }
    if url.isSecure || options.startTLS {
      if let caFile = options.caFile {
        failed =
          failed
          || caFile.withCString { ldap_set_option(handle, LDAP_OPT_X_TLS_CACERTFILE, $0) } != 0
      }
      if let certificate = options.clientCertificate {
        let presented = try present(certificate)
        failed = failed || !presented
      }
      failed =
        failed || ldap_set_option(handle, LDAP_OPT_X_TLS_REQUIRE_CERT, &requireCertificate) != 0
      // The options above apply to a TLS context made after them.
      failed = failed || ldap_set_option(handle, LDAP_OPT_X_TLS_NEWCTX, &isServer) != 0
      if failed {
        throw .ldap(.tlsFailed(server: url.server, reason: "libldap refused the TLS settings"))
      }
    }
    if failed { throw .ldap(.result(code: -1, message: "libldap refused a connection setting")) }
  }

  /// A simple bind (anonymous without a bind DN), sent asynchronously so a
  /// silent server cannot outlast cancellation. The first operation also
  /// makes the TCP (and TLS) connection.
  private func bind(cancel: CancellationFlag) throws(DirectoryError) {
    let dn = options.bindDN ?? ""
    var password = Array((options.password?.value ?? "").utf8)
    var messageID: Int32 = 0
    var code = password.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        var credentials = berval(bv_len: ber_len_t(chars.count), bv_val: chars.baseAddress)
        // LDAP_SASL_SIMPLE is a null mechanism: a simple bind.
        return ldap_sasl_bind(handle, dn, nil, &credentials, nil, nil, &messageID)
      }
    }
    // Not kept around longer than the bind needs it.
    password.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    if code == LDAP_SUCCESS {
      let result: OpaquePointer
      do {
        result = try waitForResult(of: messageID, cancel: cancel)
      } catch {
        guard case .serverGone? = error.ldap else { throw error }
        // In TLS 1.3 the server checks the client's certificate after the
        // client's side of the handshake is done, so a refusal can arrive
        // as a hang-up on the bind rather than a failed connection.
        if let refusal = handshakeRefusal(LDAP_SERVER_DOWN, message: diagnosticMessage) {
          throw refusal
        }
        throw .ldap(.cannotConnect(server: url.server))  // hung up before binding
      }
      defer { ldap_msgfree(result) }
      let parsed = ldap_parse_result(handle, result, &code, nil, nil, nil, nil, 0)
      if parsed != LDAP_SUCCESS { code = parsed }
    }
    switch code {
    case LDAP_SUCCESS: return
    case LDAP_INVALID_CREDENTIALS: throw .ldap(.credentialsRefused(bindDN: dn))
    case LDAP_SERVER_DOWN where !url.isSecure: throw .ldap(.cannotConnect(server: url.server))
    case LDAP_SERVER_DOWN, LDAP_CONNECT_ERROR: throw connectionError(code)
    default: throw error(code)
    }
  }

  /// A failure to reach an ldaps:// server: refused, or TLS that failed.
  private func connectionError(_ code: Int32) -> DirectoryError {
    let message = diagnosticMessage
    if let refusal = handshakeRefusal(code, message: message) { return refusal }
    if message.isEmpty || message.contains("Can't contact") {
      return .ldap(.cannotConnect(server: url.server))
    }
    return tlsFailure(message)
  }

  /// A failed StartTLS.
  private func tlsError(_ code: Int32) -> DirectoryError {
    let message = diagnosticMessage
    if let refusal = handshakeRefusal(code, message: message) { return refusal }
    if code == LDAP_SERVER_DOWN && message.isEmpty {
      return .ldap(.cannotConnect(server: url.server))
    }
    return tlsFailure(message.isEmpty ? describe(code) : message)
  }

  /// libldap (on GnuTLS) reports a failed certificate check as "(unknown
  /// error code)": say what most likely happened instead.
  private func tlsFailure(_ message: String) -> DirectoryError {
    guard message.isEmpty || message.contains("unknown error") else {
      return .ldap(.tlsFailed(server: url.server, reason: message))
    }
    let authority =
      options.caFile.map { String(filling: tr("the authority in %@"), $0) }
      ?? tr("a trusted authority")
    return .ldap(
      .tlsFailed(
        server: url.server,
        reason: String(
          filling: tr("the handshake failed; is the server's certificate signed by %@?"), authority)
      )
    )
  }

  /// The server's or libldap's last diagnostic text ("" when none), as
  /// `DisplayText` shows it: the server's words reach the error banner.
  var diagnosticMessage: String {
    var text: UnsafeMutablePointer<CChar>?
    guard ldap_get_option(handle, LDAP_OPT_DIAGNOSTIC_MESSAGE, &text) == LDAP_OPT_SUCCESS, let text
    else { return "" }
    defer { ldap_memfree(text) }
    return DisplayText.of(String(cString: text))
  }

  func describe(_ code: Int32) -> String {
    String(cString: ldap_err2string(code))
  }

  /// The error for result `code`, named for this session's URL and schema.
  func error(_ code: Int32, message: String = "") -> DirectoryError {
    switch code {
    case LDAP_TIMELIMIT_EXCEEDED: .ldap(.timeLimitExceeded)
    case LDAP_SIZELIMIT_EXCEEDED: .ldap(.sizeLimitExceeded)
    case LDAP_INAPPROPRIATE_MATCHING:
      .ldap(.noOrderingRule(attribute: options.schema.sortAttribute))
    case LDAP_NO_SUCH_OBJECT: .ldap(.noSuchBase(url.baseDN))
    case LDAP_INVALID_CREDENTIALS: .ldap(.credentialsRefused(bindDN: options.bindDN ?? ""))
    case LDAP_BUSY: .ldap(.serverBusy(server: url.server))
    case LDAP_SERVER_DOWN: .ldap(.serverGone(server: url.server))
    case LDAP_CONNECT_ERROR: .ldap(.cannotConnect(server: url.server))
    case LDAP_TIMEOUT: .timedOut
    default:
      .ldap(.result(code: Int(code), message: message.isEmpty ? describe(code) : message))
    }
  }
}

extension timeval {
  /// `duration` as a C timeval.
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self.init(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
  }
}
