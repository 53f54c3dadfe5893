import CLDAP
import Directory
import Glibc
import SharedSupport

/// An administrator's operations on one entry: the Password Modify
/// extended operation (RFC 3062), a password attribute replaced, a delete
/// under an assertion, an add. Each waits for the server's answer, which it
/// returns; a lost connection, a timeout or a cancellation throws.
extension LDAPSession {
  /// Whether TLS protects the connection (ldaps://, or StartTLS done).
  var isEncrypted: Bool { ldap_tls_inplace(handle) != 0 }

  /// Sets the password of `dn` to `password` with the Password Modify
  /// extended operation, the new password only (no old one, no generated
  /// one asked for). The bytes sent are zeroed after.
  func passwordModify(dn: String, password: Secret, cancel: CancellationFlag) throws(DirectoryError)
    -> ModifyAnswer
  {
    options.mainThreadCalls?.record()
    let user = strdup(dn)!
    let secret = strdup(password.value)!
    defer {
      free(user)
      memset(secret, 0, strlen(secret))
      free(secret)
    }
    var userValue = berval(bv_len: ber_len_t(strlen(user)), bv_val: user)
    var newValue = berval(bv_len: ber_len_t(strlen(secret)), bv_val: secret)
    var messageID: Int32 = 0
    let code = ldap_passwd(handle, &userValue, nil, &newValue, nil, nil, &messageID)
    guard code == LDAP_SUCCESS else { throw error(code) }
    return try answer(to: messageID, cancel: cancel)
  }

  /// Replaces `attribute` of `dn` with `value` alone, with no
  /// precondition (Active Directory's `unicodePwd`, which cannot be read).
  func replace(dn: String, attribute: String, value: [UInt8], cancel: CancellationFlag)
    throws(DirectoryError) -> ModifyAnswer
  {
    options.mainThreadCalls?.record()
    let messageID = try withModifications([(cldap_mod_replace(), attribute, [value])]) {
      mods throws(DirectoryError) in
      var messageID: Int32 = 0
      let code = ldap_modify_ext(handle, dn, mods, nil, nil, &messageID)
      guard code == LDAP_SUCCESS else { throw error(code) }
      return messageID
    }
    return try answer(to: messageID, cancel: cancel)
  }

  /// Deletes `dn`; with `assertion` (a filter) under a critical Assertion
  /// control, so the server deletes it only if the entry matches.
  func delete(dn: String, assertion: String?, cancel: CancellationFlag) throws(DirectoryError)
    -> ModifyAnswer
  {
    options.mainThreadCalls?.record()
    var messageID: Int32 = 0
    let code = try withWriteControls(assertion: assertion) { controls in
      ldap_delete_ext(handle, dn, controls, nil, &messageID)
    }
    guard code == LDAP_SUCCESS else { throw error(code) }
    return try answer(to: messageID, cancel: cancel)
  }

  /// Adds the entry `dn` with `attributes` (each with its values).
  func add(dn: String, attributes: [(name: String, values: [[UInt8]])], cancel: CancellationFlag)
    throws(DirectoryError) -> ModifyAnswer
  {
    options.mainThreadCalls?.record()
    let operations = attributes.map { (op: cldap_mod_add(), attribute: $0.name, values: $0.values) }
    let messageID = try withModifications(operations) { mods throws(DirectoryError) in
      var messageID: Int32 = 0
      let code = ldap_add_ext(handle, dn, mods, nil, nil, &messageID)
      guard code == LDAP_SUCCESS else { throw error(code) }
      return messageID
    }
    return try answer(to: messageID, cancel: cancel)
  }

  /// The result code and diagnostic message (white space at its ends
  /// dropped) of the operation `messageID`.
  private func answer(to messageID: Int32, cancel: CancellationFlag) throws(DirectoryError)
    -> ModifyAnswer
  {
    let result = try waitForResult(of: messageID, cancel: cancel)
    defer { ldap_msgfree(result) }
    var code: Int32 = 0
    var text: UnsafeMutablePointer<CChar>?
    let parsed = ldap_parse_result(handle, result, &code, nil, &text, nil, nil, 0)
    defer { ldap_memfree(text) }
    guard parsed == LDAP_SUCCESS else { throw error(parsed) }
    // 389 ends its messages with a line break.
    return ModifyAnswer(
      code: code, message: text.map { DisplayText.of(String(cString: $0).trimmed) } ?? "")
  }
}
