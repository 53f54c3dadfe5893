import CLDAP
import Directory
import FoundationEssentials

/// Reading a search entry where libldap received it: the DN and each
/// attribute's name and values are handed over as bytes inside the
/// message's buffer (`ldap_get_dn_ber`, `ldap_get_attribute_ber`), with no
/// copy of a name or value and no second pass over the entry per attribute
/// (`ldap_get_values_len` searches the entry from its start each time).
///
/// Threading: as the session, on its connection's queue only.
extension LDAPSession {
  /// Walks entry `message`: `dn` gets the DN, then `attribute` each
  /// attribute's name and values in the server's order, credentials
  /// (``SecretAttribute``) left out. The bytes live in
  /// the message and are valid only during the call that receives them.
  /// Returns the bytes of every value (what counts towards
  /// `LDAPOptions.maxResponseBytes`).
  @discardableResult
  func scanEntry(
    _ message: OpaquePointer, dn: (UnsafeBufferPointer<UInt8>) -> Void,
    attribute: (_ name: UnsafeBufferPointer<UInt8>, _ values: UnsafeBufferPointer<berval>) -> Void
  ) -> Int {
    var ber: OpaquePointer?
    var name = berval()
    guard ldap_get_dn_ber(handle, message, &ber, &name) == LDAP_SUCCESS else {
      ber_free(ber, 0)
      return 0
    }
    defer { ber_free(ber, 0) }
    Self.withText(name, dn)
    var valueBytes = 0
    while true {
      var values: UnsafeMutablePointer<berval>?
      guard ldap_get_attribute_ber(handle, message, ber, &name, &values) == LDAP_SUCCESS,
        name.bv_val != nil
      else {
        ber_memfree(values)
        break
      }
      var count = 0
      if let values {
        while values[count].bv_val != nil {
          valueBytes += Int(values[count].bv_len)
          count += 1
        }
      }
      Self.withText(name) { name in
        // A credential never leaves this call, whatever the server lets
        // the reader see.
        guard !SecretAttribute.isSecret(utf8: name) else { return }
        attribute(name, UnsafeBufferPointer(start: values, count: count))
      }
      ber_memfree(values)
    }
    return valueBytes
  }

  /// Entry `message` as an ``LDAPRawEntry`` (its values copied out).
  func readEntry(_ message: OpaquePointer) -> (entry: LDAPRawEntry, valueBytes: Int) {
    var entry = LDAPRawEntry(dn: "", attributes: [])
    let bytes = scanEntry(message) { dn in
      entry.dn = String(decoding: dn, as: UTF8.self)
    } attribute: { name, values in
      entry.attributes.append(
        .init(name: String(decoding: name, as: UTF8.self), values: values.map(Self.bytes)))
    }
    return (entry, bytes)
  }

  /// Calls `body` with a name's or DN's bytes as C reads them: up to the
  /// first NUL, if any.
  private static func withText(_ value: berval, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard let base = value.bv_val, value.bv_len > 0 else {
      return body(UnsafeBufferPointer(start: nil, count: 0))
    }
    let length = Int(value.bv_len)
    let count = memchr(base, 0, length).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
    base.withMemoryRebound(to: UInt8.self, capacity: length) {
      body(UnsafeBufferPointer(start: $0, count: count ?? length))
    }
  }
}
