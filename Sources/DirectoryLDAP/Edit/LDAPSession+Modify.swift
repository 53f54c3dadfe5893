import CLDAP
import Directory
import Glibc

/// Modifying one entry: `ldap_modify_ext` with the values seen as its
/// precondition, either in the Assertion control (RFC 4528) or, where the
/// server has none, as deletes of exactly those values.
extension LDAPSession {
  /// What the server answered to a modify: its result code and diagnostic
  /// message.
  struct ModifyAnswer {
    var code: Int32
    var message: String
  }

  /// Sends a modify of `dn` making `changes` and waits for the answer.
  /// With `assertion` (a filter) each attribute is replaced and the server
  /// applies them only if the entry matches the filter; without, each
  /// attribute's seen values are deleted and the new ones added, in one
  /// operation (an attribute seen empty is only added to). A result code
  /// from the server is returned; a lost connection, a timeout or a
  /// cancellation throws.
  func modify(
    dn: String, _ changes: [LDAPModification], assertion: String?, cancel: CancellationFlag
  ) throws(DirectoryError) -> ModifyAnswer {
    options.mainThreadCalls?.record()
    var operations: [(op: Int32, attribute: String, values: [[UInt8]])] = []
    for change in changes {
      if assertion != nil {
        operations.append((cldap_mod_replace(), change.attribute, change.new))
      } else {
        if !change.seen.isEmpty {
          operations.append((cldap_mod_delete(), change.attribute, change.seen))
        }
        if !change.new.isEmpty {
          operations.append((cldap_mod_add(), change.attribute, change.new))
        }
      }
    }
    let messageID = try withModifications(operations) { mods throws(DirectoryError) in
      var messageID: Int32 = 0
      let code = try withWriteControls(assertion: assertion) { controls in
        ldap_modify_ext(handle, dn, mods, controls, nil, &messageID)
      }
      guard code == LDAP_SUCCESS else { throw error(code) }
      return messageID
    }
    let result = try waitForResult(of: messageID, cancel: cancel)
    defer { ldap_msgfree(result) }
    var code: Int32 = 0
    var text: UnsafeMutablePointer<CChar>?
    let parsed = ldap_parse_result(handle, result, &code, nil, &text, nil, nil, 0)
    defer { ldap_memfree(text) }
    guard parsed == LDAP_SUCCESS else { throw error(parsed) }
    return ModifyAnswer(code: code, message: text.map { DisplayText.of(String(cString: $0)) } ?? "")
  }

  /// Calls `body` with a NULL-terminated `LDAPMod` array of `operations`,
  /// every value a berval over a copy of its bytes, all zeroed (a
  /// password may be one) and freed after.
  func withModifications<T>(
    _ operations: [(op: Int32, attribute: String, values: [[UInt8]])],
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<LDAPMod>?>) throws(DirectoryError) -> T
  ) throws(DirectoryError) -> T {
    let mods = UnsafeMutablePointer<UnsafeMutablePointer<LDAPMod>?>.allocate(
      capacity: operations.count + 1)
    var owned: [(pointer: UnsafeMutableRawPointer, count: Int)] = []
    defer {
      for (pointer, count) in owned {
        memset(pointer, 0, count)
        free(pointer)
      }
      mods.deallocate()
    }
    for (index, operation) in operations.enumerated() {
      let values = UnsafeMutablePointer<UnsafeMutablePointer<berval>?>.allocate(
        capacity: operation.values.count + 1)
      let mod = UnsafeMutablePointer<LDAPMod>.allocate(capacity: 1)
      for (number, value) in operation.values.enumerated() {
        // malloc(0) may answer NULL: a byte more keeps an empty value valid.
        let bytes = malloc(value.count + 1)!
        owned.append((bytes, value.count + 1))
        value.withUnsafeBytes { source in
          if let base = source.baseAddress { memcpy(bytes, base, value.count) }
        }
        let slot = UnsafeMutablePointer<berval>.allocate(capacity: 1)
        slot.initialize(
          to: berval(
            bv_len: ber_len_t(value.count), bv_val: bytes.bindMemory(to: CChar.self, capacity: 1)))
        values[number] = slot
      }
      values[operation.values.count] = nil
      let type = strdup(operation.attribute)!
      owned.append((UnsafeMutableRawPointer(type), strlen(type)))
      mod.initialize(to: LDAPMod())
      cldap_mod_fill(mod, operation.op, type, values)
      mods[index] = mod
    }
    mods[operations.count] = nil
    defer {
      for index in 0..<operations.count {
        guard let mod = mods[index] else { continue }
        if let values = mod.pointee.mod_vals.modv_bvals {
          var number = 0
          while let value = values[number] {
            value.deallocate()
            number += 1
          }
          values.deallocate()
        }
        mod.deallocate()
      }
    }
    return try body(mods)
  }

  /// Calls `body` with the server controls of a write, a NULL-terminated
  /// list freed after: none, or with `assertion` (a filter) a critical
  /// Assertion control (RFC 4528), so that the server writes only if the
  /// entry matches.
  func withWriteControls<T>(
    assertion: String?,
    _ body: (UnsafeMutablePointer<UnsafeMutablePointer<LDAPControl>?>?) -> T
  ) throws(DirectoryError) -> T {
    var controls: [UnsafeMutablePointer<LDAPControl>?] = []
    defer { for control in controls { ldap_control_free(control) } }
    if let assertion {
      var control: UnsafeMutablePointer<LDAPControl>?
      var filter = Array(assertion.utf8CString)
      let code = filter.withUnsafeMutableBufferPointer { text in
        ldap_create_assertion_control(handle, text.baseAddress, 1, &control)
      }
      guard code == LDAP_SUCCESS else { throw error(code) }
      controls.append(control)
    }
    controls.append(nil)
    return controls.withUnsafeMutableBufferPointer { body($0.baseAddress) }
  }
}
