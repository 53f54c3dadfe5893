import CLDAP
import Directory
import FoundationEssentials
import SharedSupport

/// One refreshAndPersist search (RFC 4533): sent with the Sync Request
/// control, then read a message at a time, each turned into
/// ``LDAPSyncChange``s (the controls and Sync Info messages parsed by the C
/// shim, `sync.h`); the cookie is reported whenever it moves.
///
/// Threading: on the sync's thread only, like the session it searches on.
struct LDAPSyncSearch {
  /// How a search ended without an error.
  enum End {
    case cancelled
    case reloadRequired
  }

  let session: LDAPSession
  let mapper: LDAPEntryMapper
  let handler: @Sendable (LDAPSyncChange) -> Void

  /// How long one wait for a message lasts: the latency of cancellation,
  /// never of a change.
  static let pollInterval = Duration.milliseconds(100)

  /// Sends the search from `cookie` and reports until cancelled, a reload
  /// is required, or the connection fails.
  func persist(from cookie: [UInt8]?, flag: CancellationFlag) throws(DirectoryError) -> End {
    let messageID = try send(from: cookie ?? [])
    while true {
      if flag.isCancelled {
        ldap_abandon_ext(session.handle, messageID, nil, nil)
        return .cancelled
      }
      var wait = timeval(Self.pollInterval)
      var message: OpaquePointer?
      let type = ldap_result(session.handle, messageID, LDAP_MSG_ONE, &wait, &message)
      guard type != 0 else { continue }
      guard type > 0, let message else { throw session.error(session.resultCode) }
      defer { ldap_msgfree(message) }
      switch type {
      case cldap_result_search_entry(): try entry(message)
      case Int32(LDAP_RES_INTERMEDIATE): try intermediate(message)
      case cldap_result_search_result():
        if let end = try result(message) { return end }
      default: break
      }
    }
  }

  /// Sends the search with the Sync Request control; its message id.
  private func send(from cookie: [UInt8]) throws(DirectoryError) -> Int32 {
    var control: UnsafeMutablePointer<LDAPControl>?
    var code = cookie.withUnsafeBytes { bytes in
      var value = berval(
        bv_len: ber_len_t(bytes.count),
        bv_val: UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.bindMemory(
          to: CChar.self, capacity: bytes.count))
      return cldap_sync_request_control(LDAP_SYNC_REFRESH_AND_PERSIST, &value, &control)
    }
    guard code == LDAP_SUCCESS, let control else { throw session.error(code) }
    defer { ldap_control_free(control) }
    let names =
      (mapper.personAttributes + ["entryCSN", "modifyTimestamp"]).map { strdup($0) } + [nil]
    defer { for name in names { free(name) } }
    var controls: [UnsafeMutablePointer<LDAPControl>?] = [control, nil]
    var messageID: Int32 = 0
    let url = session.url
    code = names.withUnsafeBufferPointer { names in
      controls.withUnsafeMutableBufferPointer { controls in
        ldap_search_ext(
          session.handle, url.baseDN, session.scope(url.scope), url.filter,
          UnsafeMutablePointer(mutating: names.baseAddress), 0, controls.baseAddress, nil, nil, 0,
          &messageID)
      }
    }
    guard code == LDAP_SUCCESS else {
      throw session.error(code, message: session.diagnosticMessage)
    }
    return messageID
  }

  /// A search entry and its Sync State control.
  private func entry(_ message: OpaquePointer) throws(DirectoryError) {
    var state: Int32 = 0
    var uuid = berval()
    var cookie = berval()
    let code = cldap_sync_state(session.handle, message, &state, &uuid, &cookie)
    defer {
      ber_memfree(uuid.bv_val)
      ber_memfree(cookie.bv_val)
    }
    guard code == LDAP_SUCCESS, let id = Self.uuidText(uuid) else {
      throw .ldap(.result(code: Int(code), message: "an entry without its sync state"))
    }
    switch state {
    case LDAP_SYNC_ADD, LDAP_SYNC_MODIFY:
      var entry = mapper.entry(session.readEntry(message).entry)
      entry.id = id
      handler(.upserted(entry))
    case LDAP_SYNC_PRESENT: handler(.present(id))
    case LDAP_SYNC_DELETE: handler(.deleted(id))
    default: break
    }
    report(cookie)
  }

  /// A Sync Info message: a new cookie, the end of a refresh phase, or a
  /// set of entries present or deleted.
  private func intermediate(_ message: OpaquePointer) throws(DirectoryError) {
    var kind: Int32 = 0
    var cookie = berval()
    var flag: Int32 = 0
    var uuids: BerVarray?
    let code = cldap_sync_info(session.handle, message, &kind, &cookie, &flag, &uuids)
    defer {
      ber_memfree(cookie.bv_val)
      ber_bvarray_free(uuids)
    }
    guard code == LDAP_SUCCESS else { throw session.error(code) }
    switch UInt32(kind) {
    case CLDAP_SYNC_INFO_REFRESH_PRESENT.rawValue, CLDAP_SYNC_INFO_REFRESH_DELETE.rawValue:
      if UInt32(kind) == CLDAP_SYNC_INFO_REFRESH_PRESENT.rawValue { handler(.presentPhaseEnded) }
      report(cookie)
      if flag != 0 { handler(.refreshDone) }
    case CLDAP_SYNC_INFO_ID_SET.rawValue:
      var index = 0
      while let uuids, uuids[index].bv_val != nil {
        if let id = Self.uuidText(uuids[index]) { handler(flag != 0 ? .deleted(id) : .present(id)) }
        index += 1
      }
      report(cookie)
    default: report(cookie)
    }
  }

  /// The search's end: a reload the server requires, or an error (the
  /// server ended a search that was to persist).
  private func result(_ message: OpaquePointer) throws(DirectoryError) -> End? {
    var resultCode: Int32 = 0
    var cookie = berval()
    var deletes: Int32 = 0
    let code = cldap_sync_done(session.handle, message, &resultCode, &cookie, &deletes)
    defer { ber_memfree(cookie.bv_val) }
    guard code == LDAP_SUCCESS else { throw session.error(code) }
    if resultCode == LDAP_SYNC_REFRESH_REQUIRED { return .reloadRequired }
    report(cookie)
    if resultCode == LDAP_SUCCESS { throw .ldap(.serverGone(server: session.url.server)) }
    throw session.error(resultCode, message: session.diagnosticMessage)
  }

  /// Reports `cookie` when the server sent one.
  private func report(_ cookie: berval) {
    let bytes = LDAPSession.bytes(cookie)
    if !bytes.isEmpty { handler(.cookie(bytes)) }
  }

  /// A 16-byte UUID as entryUUID's text ("8c3b…-…"), lower-case.
  static func uuidText(_ value: berval) -> String? {
    guard let start = value.bv_val else { return nil }
    return LDAPUniqueID.text(
      UnsafeRawBufferPointer(start: start, count: Int(value.bv_len)), binary: true)
  }
}
