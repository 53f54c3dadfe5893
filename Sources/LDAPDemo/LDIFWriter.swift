import Foundation

/// Writes LDIF (RFC 2849) for slapadd: the suffix's entry, ou=people, then
/// one entry per person; or, for ldapadd once the server runs (so its
/// memberof overlay sees them: ``groups(_:suffix:)``), ou=groups and the
/// groups. Values that LDIF cannot carry as plain text (binary,
/// non-ASCII, leading space, colon or "<") are written base64 with `::`.
///
/// Keeps the text in memory (`ldif`); ``LDIFFileWriter`` streams it to a
/// file instead.
///
/// Threading: a value; use from one thread.
public struct LDIFWriter {
  public let suffix: String
  var text = ""

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
  public func dn(of person: LDIFPerson) -> String {
    if let number = person.employeeNumber { return "employeeNumber=\(number),\(peopleDN)" }
    return "uid=\(person.uid),\(peopleDN)"
  }

  /// Adds `person`.
  public mutating func add(_ person: LDIFPerson) {
    add(person, base64Photo: person.jpegPhoto.map(Self.base64))
  }

  /// Adds `person` with the photo already in base64 (`base64(_:)`),
  /// ignoring `person.jpegPhoto`: people who share a few photos have each
  /// encoded once.
  public mutating func add(_ person: LDIFPerson, base64Photo: String?) {
    var values: [(String, String)] = [
      ("objectClass", "inetOrgPerson"), ("uid", person.uid), ("cn", person.cn), ("sn", person.sn),
    ]
    if let name = person.displayName { values.append(("displayName", name)) }
    if let type = person.employeeType { values.append(("employeeType", type)) }
    let details: [(String, String?)] = [
      ("employeeNumber", person.employeeNumber), ("mail", person.mail), ("title", person.title),
      ("ou", person.ou), ("l", person.l), ("telephoneNumber", person.telephoneNumber),
      ("manager", person.manager),
    ]
    for case (let name, let value?) in details { values.append((name, value)) }
    append(dn: dn(of: person), values)
    if let base64Photo {
      text.removeLast()  // the blank line that ends the entry
      text += "jpegPhoto:: \(base64Photo)\n\n"
    }
  }

  /// The DN groups are under.
  public static func groupsDN(suffix: String) -> String { "ou=groups,\(suffix)" }

  /// The DN of the group named `cn` under `suffix`.
  public static func dn(ofGroup cn: String, suffix: String) -> String {
    "cn=\(escapedDNValue(cn)),\(groupsDN(suffix: suffix))"
  }

  /// LDIF adding ou=groups under `suffix`, then `groups` as groupOfNames
  /// entries, in the order given (a group holding another is best added
  /// after it, so the memberof overlay marks the inner group too).
  /// Without `includingUnit`, only the groups (to follow earlier ones).
  public static func groups(_ groups: [LDIFGroup], suffix: String, includingUnit: Bool = true)
    -> String
  {
    var writer = LDIFWriter(suffix: suffix, text: "")
    if includingUnit {
      writer.append(
        dn: groupsDN(suffix: suffix), [("objectClass", "organizationalUnit"), ("ou", "groups")])
    }
    for group in groups {
      var values = [("objectClass", "groupOfNames"), ("cn", group.cn)]
      if let description = group.description { values.append(("description", description)) }
      values += group.members.map { ("member", $0) }
      writer.append(dn: dn(ofGroup: group.cn, suffix: suffix), values)
    }
    return writer.text
  }

  /// `value` as an attribute value inside a DN (RFC 4514): `,+"\<>;=`
  /// escaped with a backslash, and a leading `#` or space and a trailing
  /// space.
  public static func escapedDNValue(_ value: String) -> String {
    var escaped = ""
    for (index, character) in value.enumerated() {
      let isEdge =
        (index == 0 && (character == "#" || character == " "))
        || (index == value.count - 1 && character == " ")
      if isEdge || ",+\"\\<>;=".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  private init(suffix: String, text: String) {
    self.suffix = suffix
    self.text = text
  }

  /// `bytes` as an LDIF binary value.
  public static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

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
