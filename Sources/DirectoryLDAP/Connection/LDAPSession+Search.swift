import CLDAP
import Directory
import FoundationEssentials
import Glibc

/// Searching: the request's controls are built with libldap, the search is
/// sent asynchronously and its answers are collected in short waits, so the
/// connection's thread notices cancellation and its deadline between them.
extension LDAPSession {
  /// How long one wait for the server's next message lasts.
  private static let pollInterval = Duration.milliseconds(50)

  /// Sends `request` and returns its message id. Every search waits for
  /// its answer in `search(_:cancel:read:)`: a result code other than
  /// success throws, mapped to a sentence for this server; cancelled, the
  /// operation is abandoned.
  private func send(_ request: LDAPSearchRequest) throws(DirectoryError) -> Int32 {
    options.mainThreadCalls?.record()
    var controls: [UnsafeMutablePointer<LDAPControl>?] = []
    defer { for control in controls { ldap_control_free(control) } }
    try makeControls(for: request, into: &controls)
    controls.append(nil)
    // Credentials are never asked for; a list of nothing else asks for no
    // attribute ("1.1"), not for all of them (an empty list).
    var asked = request.attributes.filter { !SecretAttribute.isSecret($0) }
    if asked.isEmpty, !request.attributes.isEmpty { asked = ["1.1"] }
    let attributes = asked.map { strdup($0) } + [nil]
    defer { for name in attributes { free(name) } }
    var messageID: Int32 = 0
    let code = attributes.withUnsafeBufferPointer { names in
      controls.withUnsafeMutableBufferPointer { controls in
        ldap_search_ext(
          handle, request.base, scope(request.scope), request.filter,
          UnsafeMutablePointer(mutating: names.baseAddress), request.attributesOnly ? 1 : 0,
          controls.baseAddress, nil, nil, Int32(clamping: request.sizeLimit),
          &messageID)
      }
    }
    guard code == LDAP_SUCCESS else { throw error(code) }
    return messageID
  }

  /// Runs `request` and collects its entries as ``LDAPRawEntry`` values.
  func search(_ request: LDAPSearchRequest, cancel: CancellationFlag) throws(DirectoryError)
    -> LDAPSearchResponse
  {
    let (entries, response) = try search(request, cancel: cancel) { readEntry($0) }
    var complete = response
    complete.entries = entries
    return complete
  }

  /// Runs `request`, turning each entry into a value with `read` as it
  /// arrives (`valueBytes`: the bytes of its values, which count towards
  /// `LDAPOptions.maxResponseBytes`). The response's own `entries` stay
  /// empty.
  func search<Entry>(
    _ request: LDAPSearchRequest, cancel: CancellationFlag,
    read: (OpaquePointer) -> (entry: Entry, valueBytes: Int)
  ) throws(DirectoryError) -> (entries: [Entry], response: LDAPSearchResponse) {
    let messageID = try send(request)
    var entries: [Entry] = []
    var response = LDAPSearchResponse()
    var bytes = 0
    let result = try waitForResult(of: messageID, cancel: cancel) {
      message throws(DirectoryError) in
      let (entry, valueBytes) = read(message)
      bytes += valueBytes
      guard bytes <= options.maxResponseBytes else {
        throw .tooLarge(limit: options.maxResponseBytes)
      }
      entries.append(entry)
    }
    defer { ldap_msgfree(result) }
    try finish(result, of: request, into: &response)
    return (entries, response)
  }

  /// Waits for operation `messageID`'s final message (the caller frees it),
  /// handing each search entry to `entry` on the way. Cancelled, past the
  /// deadline or failed in `entry`: the operation is abandoned.
  func waitForResult(
    of messageID: Int32, cancel: CancellationFlag,
    entry: (OpaquePointer) throws(DirectoryError) -> Void = { _ in }
  ) throws(DirectoryError) -> OpaquePointer {
    let deadline = ContinuousClock.now + options.operationTimeout
    while true {
      if cancel.isCancelled || ContinuousClock.now > deadline {
        ldap_abandon_ext(handle, messageID, nil, nil)
        throw cancel.isCancelled ? .cancelled : .timedOut
      }
      var wait = timeval(Self.pollInterval)
      var message: OpaquePointer?
      errno = 0
      let type = ldap_result(handle, messageID, 0, &wait, &message)
      let failure = errno
      guard type != 0 else { continue }
      guard type > 0, let message else {
        // liblber refused a message over the limit (limitIncoming).
        if failure == ERANGE, resultCode == LDAP_SERVER_DOWN {
          wasCut = true
          throw .tooLarge(limit: options.maxResponseBytes)
        }
        throw error(resultCode)
      }
      switch type {
      case cldap_result_search_entry():
        defer { ldap_msgfree(message) }
        do throws(DirectoryError) {
          try entry(message)
        } catch {
          ldap_abandon_ext(handle, messageID, nil, nil)
          throw error
        }
      case cldap_result_search_reference():
        // Referrals are not followed: another partition or server, which
        // the person did not name.
        referencesSkipped += 1
        ldap_msgfree(message)
      default:
        return message
      }
    }
  }

  /// Reads the final result: its code and the controls' answers. A
  /// critical sort the server did not do throws, whatever the result code
  /// (Active Directory answers success, no entries and the refusal in the
  /// sort response control alone).
  private func finish(
    _ message: OpaquePointer, of request: LDAPSearchRequest,
    into response: inout LDAPSearchResponse
  ) throws(DirectoryError) {
    var code: Int32 = 0
    var text: UnsafeMutablePointer<CChar>?
    var controls: UnsafeMutablePointer<UnsafeMutablePointer<LDAPControl>?>?
    let parsed = ldap_parse_result(handle, message, &code, nil, &text, nil, &controls, 0)
    defer {
      ldap_memfree(text)
      ldap_controls_free(controls)
    }
    guard parsed == LDAP_SUCCESS else { throw error(parsed) }
    if request.sortKey != nil, request.isSortCritical,
      let refusal = sortResult(ldap_control_find(LDAP_CONTROL_SORTRESPONSE, controls, nil))
    {
      throw sortRefusal(refusal, of: request)
    }
    if let control = ldap_control_find(LDAP_CONTROL_VLVRESPONSE, controls, nil) {
      var target: ber_int_t = 0
      var count: ber_int_t = 0
      var context: UnsafeMutablePointer<berval>?
      var vlvCode: Int32 = 0
      if ldap_parse_vlvresponse_control(handle, control, &target, &count, &context, &vlvCode)
        == LDAP_SUCCESS
      {
        response.virtualListView = .init(
          targetPosition: Int(target), contentCount: Int(count),
          context: context.map { Self.bytes($0.pointee) }, resultCode: vlvCode)
        ber_bvfree(context)
      }
    }
    if let control = ldap_control_find(LDAP_CONTROL_PAGEDRESULTS, controls, nil) {
      var estimate: ber_int_t = 0
      var cookie = berval()
      if ldap_parse_pageresponse_control(handle, control, &estimate, &cookie) == LDAP_SUCCESS {
        response.pageCookie = Self.bytes(cookie)
        ber_memfree(cookie.bv_val)
      }
    }
    if let control = ldap_control_find(LDAP_CONTROL_X_DIRSYNC, controls, nil) {
      var more: Int32 = 0
      var cookie = berval()
      if ldap_parse_dirsync_control(handle, control, &more, &cookie) == LDAP_SUCCESS {
        response.dirSync = (more != 0, Self.bytes(cookie))
        ber_memfree(cookie.bv_val)
      }
    }
    // A virtual list view error comes with the control's own result, which
    // the caller reads (past the end is not a failure).
    guard code == LDAP_SUCCESS || (code == LDAP_VLV_ERROR && response.virtualListView != nil)
    else {
      throw error(code, message: text.map { String(cString: $0) } ?? "")
    }
  }

  /// The sort response control's result (RFC 2891) when it is not
  /// success; nil without the control.
  private func sortResult(_ control: UnsafeMutablePointer<LDAPControl>?) -> Int32? {
    guard let control else { return nil }
    var code: ber_int_t = 0
    var attribute: UnsafeMutablePointer<CChar>?
    guard ldap_parse_sortresponse_control(handle, control, &code, &attribute) == LDAP_SUCCESS
    else { return nil }
    ldap_memfree(attribute)
    return code == LDAP_SUCCESS ? nil : code
  }

  /// The error for a sort the server answered `code` to in its sort
  /// response control: "busy" as any busy answer (retried), anything else
  /// a refusal to order by the request's sort attributes.
  private func sortRefusal(_ code: Int32, of request: LDAPSearchRequest) -> DirectoryError {
    guard code != LDAP_BUSY else { return error(code) }
    return .ldap(
      .sortRefused(
        attributes: request.sortAttributes.joined(separator: ", "),
        reason: "\(describe(code)) (\(code))"))
  }

  private func makeControls(
    for request: LDAPSearchRequest, into controls: inout [UnsafeMutablePointer<LDAPControl>?]
  ) throws(DirectoryError) {
    if let key = request.sortKey {
      var keys: UnsafeMutablePointer<UnsafeMutablePointer<LDAPSortKey>?>?
      var text = Array(key.utf8CString)
      guard ldap_create_sort_keylist(&keys, &text) == LDAP_SUCCESS else {
        throw .ldap(.result(code: Int(LDAP_PARAM_ERROR), message: "bad sort key “\(key)”"))
      }
      defer { ldap_free_sort_keylist(keys) }
      var control: UnsafeMutablePointer<LDAPControl>?
      let code = ldap_create_sort_control(handle, keys, request.isSortCritical ? 1 : 0, &control)
      guard code == LDAP_SUCCESS else { throw error(code) }
      controls.append(control)
    }
    if let view = request.virtualListView {
      var control: UnsafeMutablePointer<LDAPControl>?
      let code = Self.withBerval(view.atOrAfter.map { Array($0.utf8) }) { value in
        Self.withBerval(view.context) { context in
          var info = LDAPVLVInfo(
            ldvlv_version: 1, ldvlv_before_count: ber_int_t(view.beforeCount),
            ldvlv_after_count: ber_int_t(view.afterCount), ldvlv_offset: ber_int_t(view.offset),
            ldvlv_count: ber_int_t(view.contentCount), ldvlv_attrvalue: value,
            ldvlv_context: context, ldvlv_extradata: nil)
          return ldap_create_vlv_control(handle, &info, &control)
        }
      }
      guard code == LDAP_SUCCESS else { throw error(code) }
      controls.append(control)
    }
    if let page = request.page {
      var control: UnsafeMutablePointer<LDAPControl>?
      // An empty cookie (the first page) is a berval of length 0.
      let code = Self.withBerval(page.cookie) { cookie in
        ldap_create_page_control(handle, ber_int_t(page.size), cookie, 1, &control)
      }
      guard code == LDAP_SUCCESS else { throw error(code) }
      controls.append(control)
    }
    if let dirSync = request.dirSync {
      var control: UnsafeMutablePointer<LDAPControl>?
      let code = Self.withBerval(dirSync.cookie) { cookie in
        // No cap on the attributes a round brings: the server's own.
        ldap_create_dirsync_control(handle, dirSync.flags, 0, cookie, &control)
      }
      guard code == LDAP_SUCCESS else { throw error(code) }
      controls.append(control)
    }
    if let identity = request.effectiveRightsOf {
      var control: UnsafeMutablePointer<LDAPControl>?
      // Its value: the identity as a BER OCTET STRING.
      let code = Self.withBerval(BEROctetString.encode(Array(identity.utf8))) { value in
        ldap_control_create(Self.effectiveRightsOID, 1, value, 1, &control)
      }
      guard code == LDAP_SUCCESS else { throw error(code) }
      controls.append(control)
    }
  }

  /// 389 Directory Server's Get Effective Rights control.
  static let effectiveRightsOID = "1.3.6.1.4.1.42.2.27.9.5.2"

  /// The handle's last result code (after a failed `ldap_result`).
  var resultCode: Int32 {
    var code: Int32 = LDAP_OTHER
    ldap_get_option(handle, LDAP_OPT_RESULT_CODE, &code)
    return code
  }

  func scope(_ scope: LDAPURL.Scope) -> Int32 {
    switch scope {
    case .base: cldap_scope_base()
    case .one: cldap_scope_one_level()
    case .sub: cldap_scope_subtree()
    }
  }

  static func bytes(_ value: berval) -> [UInt8] {
    guard let base = value.bv_val, value.bv_len > 0 else { return [] }
    return base.withMemoryRebound(to: UInt8.self, capacity: Int(value.bv_len)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(value.bv_len)))
    }
  }

  /// Calls `body` with a berval over `bytes` (nil when `bytes` is nil),
  /// valid only during the call.
  private static func withBerval<T>(
    _ bytes: [UInt8]?, _ body: (UnsafeMutablePointer<berval>?) -> T
  ) -> T {
    guard var bytes else { return body(nil) }
    return bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        var value = berval(bv_len: ber_len_t(chars.count), bv_val: chars.baseAddress)
        return body(&value)
      }
    }
  }
}
