import Foundation

/// One person for a demo directory: an inetOrgPerson under ou=people.
///
/// Threading: a plain value; `Sendable`.
public struct LDIFPerson: Sendable, Hashable {
  public var uid: String
  public var cn: String
  public var sn: String
  public var displayName: String?
  /// "User", "Owner", "Admin" or anything else.
  public var employeeType: String?
  public var jpegPhoto: [UInt8]?

  public init(
    uid: String, cn: String, sn: String, displayName: String? = nil, employeeType: String? = nil,
    jpegPhoto: [UInt8]? = nil
  ) {
    self.uid = uid
    self.cn = cn
    self.sn = sn
    self.displayName = displayName
    self.employeeType = employeeType
    self.jpegPhoto = jpegPhoto
  }
}

/// Writes LDIF (RFC 2849) for slapadd: the suffix's entry, ou=people, then
/// one entry per person. Values that LDIF cannot carry as plain text (binary,
/// non-ASCII, leading space, colon or "<") are written base64 with `::`.
///
/// Threading: a value; use from one thread.
public struct LDIFWriter {
  public let suffix: String
  private(set) var text = ""

  /// A file for the tree under `suffix`, which must start with "dc=".
  public init(suffix: String) {
    precondition(suffix.hasPrefix("dc="), "the demo suffix starts with dc=")
    self.suffix = suffix
    let dc = String(suffix.dropFirst(3).prefix { $0 != "," })
    append(
      dn: suffix,
      [("objectClass", "dcObject"), ("objectClass", "organization"), ("dc", dc), ("o", dc)])
    append(dn: peopleDN, [("objectClass", "organizationalUnit"), ("ou", "people")])
  }

  /// The DN people are under.
  public var peopleDN: String { "ou=people,\(suffix)" }

  /// The DN of `person`.
  public func dn(of person: LDIFPerson) -> String { "uid=\(person.uid),\(peopleDN)" }

  /// Adds `person`.
  public mutating func add(_ person: LDIFPerson) {
    var values: [(String, String)] = [
      ("objectClass", "inetOrgPerson"), ("uid", person.uid), ("cn", person.cn), ("sn", person.sn),
    ]
    if let name = person.displayName { values.append(("displayName", name)) }
    if let type = person.employeeType { values.append(("employeeType", type)) }
    append(dn: dn(of: person), values)
    if let photo = person.jpegPhoto {
      text.removeLast()  // the blank line that ends the entry
      text += "jpegPhoto:: \(Data(photo).base64EncodedString())\n\n"
    }
  }

  /// The LDIF so far.
  public var ldif: String { text }

  private mutating func append(dn: String, _ values: [(String, String)]) {
    text += line("dn", dn)
    for (name, value) in values { text += line(name, value) }
    text += "\n"
  }

  private func line(_ name: String, _ value: String) -> String {
    let isSafe =
      value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
      && !(value.first.map { " :<".contains($0) } ?? false) && value.last != " "
    return isSafe
      ? "\(name): \(value)\n" : "\(name):: \(Data(value.utf8).base64EncodedString())\n"
  }
}
