import Directory
import FuzzSupport

@testable import DirectoryLDAP

/// Fuzzes how a server's entry becomes a row: `LDAPEntryMapper` (both
/// schemas, both identities), the details panel's attributes and
/// `UserViewModel(entry:)`. An LDAP server sends any bytes as a DN, an
/// attribute name or a value; libldap only splits them apart.
///
/// The input is read as fields separated by zero bytes: the first is the
/// DN; a field with a ':' starts a value of the attribute named before it
/// (one named twice is one attribute, as a server sends it); a field
/// without one is another value of the last attribute.
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzLDAPEntry {
  static func main() {
    let mappers = [LDAPSchema.openLDAP, .activeDirectory].flatMap { schema in
      [LDAPOptions.Identity.distinguishedName, .uniqueID].map {
        LDAPEntryMapper(schema: schema, identity: $0)
      }
    }
    Fuzzing.run { bytes in
      let raw = entry(from: bytes)
      for mapper in mappers {
        let entry = mapper.entry(raw)
        let row = UserViewModel(entry: entry)
        precondition(!row.initials.isEmpty, "initials are never empty")
        precondition(row.identity == entry.id || entry.id.isEmpty)
        _ = row.accessibleText
        precondition(mapper.entry(raw, hasPhoto: false).photoVersion == nil)
        let shown = mapper.attributes(raw)
        precondition(shown.count <= raw.attributes.count)
      }
    }
  }

  static func entry(from bytes: UnsafeRawBufferPointer) -> LDAPRawEntry {
    let fields = Array(bytes).split(separator: 0, omittingEmptySubsequences: false)
    var raw = LDAPRawEntry(dn: String(decoding: fields.first ?? [], as: UTF8.self), attributes: [])
    for field in fields.dropFirst() {
      if let colon = field.firstIndex(of: UInt8(ascii: ":")) {
        let name = String(decoding: field[..<colon], as: UTF8.self)
        let value = Array(field[(colon + 1)...])
        if let known = raw.attributes.firstIndex(where: { $0.name == name }) {
          raw.attributes[known].values.append(value)
        } else {
          raw.attributes.append(.init(name: name, values: [value]))
        }
      } else if !raw.attributes.isEmpty {
        raw.attributes[raw.attributes.count - 1].values.append(Array(field))
      }
    }
    return raw
  }
}
