import Directory

/// An entry's unique identifier as the text Roster names it by: an
/// `entryUUID`'s own text (lower-case, as servers write it), or, for a
/// 16-byte binary value (Active Directory's `objectGUID`, Content Sync's
/// entryUUID), its bytes in order as hexadecimal digits in UUID groups
/// ("8c3b1a2f-…"). (AD's own text form swaps the first three groups' bytes;
/// Roster's form is only ever read back by Roster, into the same bytes.)
///
/// Threading: stateless; `Sendable`.
enum LDAPUniqueID {
  /// The text of `value`, a value of ``LDAPSchema/uniqueIDAttribute``
  /// (`binary`: 16 bytes; else UTF-8 text); nil when it is neither.
  static func text(_ value: UnsafeRawBufferPointer, binary: Bool) -> String? {
    guard binary else { return value.withMemoryRebound(to: UInt8.self, FieldLimit.validatedString) }
    guard value.count == 16 else { return nil }
    let digits = Array("0123456789abcdef".utf8)
    // 32 digits and 4 hyphens, written at once: a million entries each.
    return String(unsafeUninitializedCapacity: 36) { text in
      var at = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          text[at] = UInt8(ascii: "-")
          at += 1
        }
        let byte = value[index]
        text[at] = digits[Int(byte >> 4)]
        text[at + 1] = digits[Int(byte & 0x0F)]
        at += 2
      }
      return at
    }
  }

  /// ``text(_:binary:)`` of a value held in an array.
  static func text(_ value: [UInt8], binary: Bool) -> String? {
    value.withUnsafeBytes { text($0, binary: binary) }
  }

  /// The equality filter that finds the entry named `id` by `attribute`:
  /// `(entryUUID=…)` escaped, or for a binary identifier its 16 bytes
  /// escaped one by one (`(objectGUID=\8c\3b…)`); an `id` that is not 16
  /// bytes' text matches nothing.
  static func filter(_ id: String, attribute: String) -> String {
    guard isBinary(attribute) else { return "(\(attribute)=\(LDAPFilter.escape(id)))" }
    let hex = id.utf8.filter { $0 != UInt8(ascii: "-") }
    guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else { return "(!(objectClass=*))" }
    var escaped = ""
    escaped.reserveCapacity(48)
    for (index, digit) in hex.enumerated() {
      if index % 2 == 0 { escaped += "\\" }
      escaped.unicodeScalars.append(Unicode.Scalar(digit))
    }
    return "(\(attribute)=\(escaped))"
  }

  /// Whether `attribute`'s values are 16 bytes rather than text (AD's
  /// `objectGUID`).
  static func isBinary(_ attribute: String) -> Bool {
    LDAPRawEntry.sameName(attribute, "objectGUID")
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (0x30...0x39).contains(self) || (0x61...0x66).contains(self | 0x20)
  }
}
