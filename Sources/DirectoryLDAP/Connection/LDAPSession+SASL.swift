import CLDAP
import Directory
import FoundationEssentials
import SharedSupport

/// Signing in without a password: SASL GSSAPI (the person's Kerberos
/// ticket) and SASL EXTERNAL (the TLS client certificate), and presenting
/// that certificate in the handshake. Each failure becomes the sentence a
/// person can act on ("No Kerberos ticket: run kinit…").
extension LDAPSession {
  /// The longest certificate or key file read.
  static let maxCertificateBytes = 64 << 10

  /// A SASL bind with `mechanism`, sent asynchronously step by step so that
  /// cancellation and the operation timeout apply to every round trip.
  /// Nothing is prompted: the authorization identity is left to the server
  /// (the principal's or the certificate's entry).
  func saslBind(_ mechanism: String, cancel: CancellationFlag) throws(DirectoryError) {
    var response: OpaquePointer?
    var messageID: Int32 = 0
    var chosen: UnsafePointer<CChar>?
    while true {
      let code = ldap_sasl_interactive_bind(
        handle, nil, mechanism, nil, nil, UInt32(LDAP_SASL_QUIET), cldap_sasl_defaults_proc(),
        nil, response, &chosen, &messageID)
      if let response { ldap_msgfree(response) }
      response = nil
      switch code {
      case LDAP_SUCCESS: return
      case LDAP_SASL_BIND_IN_PROGRESS: break
      default: throw saslFailure(code)
      }
      do {
        response = try waitForResult(of: messageID, cancel: cancel)
      } catch {
        guard case .serverGone? = error.ldap else { throw error }
        throw saslFailure(LDAP_SERVER_DOWN)
      }
    }
  }

  /// The error of a SASL bind that ended with `code`.
  private func saslFailure(_ code: Int32) -> DirectoryError {
    let message = diagnosticMessage
    let signIn = options.signIn
    if let refusal = handshakeRefusal(code, message: message) { return refusal }
    if signIn == .kerberos,
      code == LDAP_NOT_SUPPORTED || message.contains("no mechanism available")
    {
      return .ldap(.kerberosUnavailable)
    }
    if code == LDAP_SERVER_DOWN || code == LDAP_CONNECT_ERROR {
      return message.isEmpty || message.contains("Can't contact")
        ? .ldap(.cannotConnect(server: url.server))
        : .ldap(.tlsFailed(server: url.server, reason: message))
    }
    switch signIn {
    case .kerberos:
      if message.contains("No Kerberos credentials") || message.contains("No credentials cache")
        || message.contains("No credentials were supplied")
      {
        return .ldap(.noKerberosTicket(expired: false))
      }
      if message.lowercased().contains("ticket expired") {
        return .ldap(.noKerberosTicket(expired: true))
      }
      let reason = Self.kerberosReason(message)
      return .ldap(
        .kerberosFailed(server: url.server, reason: reason.isEmpty ? describe(code) : reason))
    case .certificate:
      return .ldap(
        .certificateRefused(server: url.server, reason: message.isEmpty ? describe(code) : message))
    case .password:
      return error(code, message: message)
    }
  }

  /// What Kerberos itself said, from a diagnostic such as "SASL(-1):
  /// generic failure: GSSAPI Error: Unspecified GSS failure.  Minor code may
  /// provide more information (Server ldap/host@REALM not found in Kerberos
  /// database)": the minor code's text, the precise part, when there is
  /// one, else the whole message.
  static func kerberosReason(_ message: String) -> String {
    guard let start = message.firstRange(of: "more information ("), message.hasSuffix(")") else {
      return message
    }
    let inner = message[start.upperBound..<message.index(before: message.endIndex)]
    return inner.isEmpty ? message : String(inner)
  }

  /// The error of a TLS connection the server cut off during the
  /// handshake, which libldap reports without a word: as "can't contact",
  /// a local error or, in a SASL EXTERNAL bind, as no mechanism (EXTERNAL
  /// is offered only over TLS that carried a certificate). The server
  /// listens, so it refused what it was shown: the client certificate, or
  /// the lack of one. Nil for any other failure.
  func handshakeRefusal(_ code: Int32, message: String) -> DirectoryError? {
    let unexplained =
      message.isEmpty
      || (options.signIn == .certificate && message.contains("no mechanism available"))
    let codes = [
      LDAP_SERVER_DOWN, LDAP_CONNECT_ERROR, LDAP_LOCAL_ERROR, LDAP_NOT_SUPPORTED, LDAP_AUTH_UNKNOWN,
    ]
    guard url.isSecure || options.startTLS, unexplained, codes.contains(code),
      TCPProbe.accepts(host: url.host, port: url.port, within: options.networkTimeout)
    else { return nil }
    guard options.clientCertificate != nil else {
      return .ldap(
        .tlsFailed(
          server: url.server,
          reason: tr("the server ended the handshake; does it ask for a client certificate?")))
    }
    return .ldap(
      .certificateRefused(
        server: url.server,
        reason: tr(
          "it ended the TLS handshake; is the certificate signed by an authority it trusts?")))
  }

  /// Sets `certificate` and its key for the TLS context about to be made:
  /// the files as they are, or, when the key is encrypted, both decoded in
  /// memory, the key decrypted with ``LDAPOptions/keyPassphrase`` (never
  /// written anywhere; libldap takes a decoded key only beside a decoded
  /// certificate, the first of its file). Returns whether libldap took them.
  func present(_ certificate: LDAPClientCertificate) throws(DirectoryError) -> Bool {
    let certificatePEM = try Self.readPEM(certificate.certificateFile)
    var key = try Self.readPEM(certificate.keyFile)
    defer { key.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
    guard Self.isEncrypted(key) else {
      return [
        (LDAP_OPT_X_TLS_CERTFILE, certificate.certificateFile),
        (LDAP_OPT_X_TLS_KEYFILE, certificate.keyFile),
      ].allSatisfy { option, path in
        path.withCString { ldap_set_option(handle, option, $0) } == LDAP_OPT_SUCCESS
      }
    }
    guard let passphrase = options.keyPassphrase, !passphrase.value.isEmpty else {
      throw .ldap(.keyPassphraseNeeded(path: certificate.keyFile))
    }
    var keyDER = gnutls_datum_t()
    var certificateDER = gnutls_datum_t()
    defer {
      cldap_free_key_der(&keyDER)
      cldap_free_key_der(&certificateDER)
    }
    let keyCode = key.withUnsafeBufferPointer { pem in
      cldap_private_key_der(pem.baseAddress, UInt32(pem.count), passphrase.value, &keyDER)
    }
    if keyCode == cldap_gnutls_decryption_failed() {
      throw .ldap(.keyPassphraseWrong(path: certificate.keyFile))
    }
    try Self.check(keyCode, path: certificate.keyFile)
    let certificateCode = certificatePEM.withUnsafeBufferPointer { pem in
      cldap_certificate_der(pem.baseAddress, UInt32(pem.count), &certificateDER)
    }
    try Self.check(certificateCode, path: certificate.certificateFile)
    return [(LDAP_OPT_X_TLS_CERT, certificateDER), (LDAP_OPT_X_TLS_KEY, keyDER)].allSatisfy {
      option, der in
      var value = berval(
        bv_len: ber_len_t(der.size),
        bv_val: UnsafeMutableRawPointer(der.data).map {
          $0.bindMemory(to: CChar.self, capacity: Int(der.size))
        })
      return ldap_set_option(handle, option, &value) == LDAP_OPT_SUCCESS
    }
  }

  /// Throws the sentence for GnuTLS's `code` when it is an error.
  private static func check(_ code: Int32, path: String) throws(DirectoryError) {
    guard code < 0 else { return }
    throw .ldap(
      .clientCertificateUnreadable(path: path, reason: String(cString: gnutls_strerror(code))))
  }

  /// Whether a PEM key is encrypted (PKCS #8's or OpenSSL's traditional form).
  static func isEncrypted(_ pem: [UInt8]) -> Bool {
    let text = String(decoding: pem, as: UTF8.self)
    return text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")
      || text.contains("Proc-Type: 4,ENCRYPTED")
  }

  /// The file at `path`, bounded, with a sentence for each failure.
  private static func readPEM(_ path: String) throws(DirectoryError) -> [UInt8] {
    do {
      return try BoundedFileReader.read(path: path, maxBytes: maxCertificateBytes)
    } catch {
      let reason =
        switch error {
        case .notFound: tr("no such file")
        case .forbidden: tr("permission denied")
        case .notARegularFile: tr("not a regular file")
        case .tooLarge(let limit): String(filling: tr("larger than %ld KiB"), limit >> 10)
        case .failed(let text): text
        }
      throw .ldap(.clientCertificateUnreadable(path: path, reason: reason))
    }
  }

  /// The name SASL signed this connection in as: after GSSAPI, the
  /// Kerberos principal ("ada@EXAMPLE.ORG"); nil after a simple bind.
  var saslUsername: String? {
    var name: UnsafeMutablePointer<CChar>?
    guard ldap_get_option(handle, LDAP_OPT_X_SASL_USERNAME, &name) == LDAP_OPT_SUCCESS,
      let name
    else { return nil }
    defer { ldap_memfree(name) }
    let text = DisplayText.of(String(cString: name))
    return text.isEmpty ? nil : text
  }

  /// Who the server says this connection is bound as (RFC 4532 "Who am
  /// I?"): "dn:uid=ada,ou=people,dc=example,dc=org", "" when anonymous;
  /// nil when the server does not answer the question (Samba's Active
  /// Directory answers protocolError, 2).
  func whoAmI(cancel: CancellationFlag) throws(DirectoryError) -> String? {
    var messageID: Int32 = 0
    var code = ldap_whoami(handle, nil, nil, &messageID)
    guard code == LDAP_SUCCESS else { throw error(code) }
    let result = try waitForResult(of: messageID, cancel: cancel)
    defer { ldap_msgfree(result) }
    // ldap_parse_whoami reads the answer's value, not its result code.
    var answered: Int32 = LDAP_OTHER
    code = ldap_parse_result(handle, result, &answered, nil, nil, nil, nil, 0)
    guard code == LDAP_SUCCESS else { throw error(code) }
    guard answered == LDAP_SUCCESS else { return nil }
    var identity: UnsafeMutablePointer<berval>?
    code = ldap_parse_whoami(handle, result, &identity)
    guard code == LDAP_SUCCESS else { throw error(code, message: diagnosticMessage) }
    guard let identity else { return "" }
    defer { ber_bvfree(identity) }
    guard let bytes = identity.pointee.bv_val else { return "" }
    let text = UnsafeRawBufferPointer(start: bytes, count: Int(identity.pointee.bv_len))
    return DisplayText.of(String(decoding: text, as: UTF8.self))
  }
}
