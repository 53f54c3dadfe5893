import Directory

/// Writes users as users.json, one object per line, straight into bytes:
/// JSONEncoder would take far longer than parsing for a million users.
///
/// Threading: a value, confined to the call that owns it.
struct UserJSONWriter {
  private(set) var bytes: [UInt8] = []

  init(expectedCount: Int) {
    bytes.reserveCapacity(expectedCount * 360 + 4)
  }

  /// The object form: the people, then the groups.
  mutating func write(_ users: [User], groups: [GroupGenerator.Group]) {
    bytes.append(contentsOf: "{\"people\": ".utf8)
    write(users)
    bytes.append(contentsOf: ", \"groups\": [\n".utf8)
    for (index, group) in groups.enumerated() {
      bytes.append(contentsOf: "  {\"id\": ".utf8)
      writeString(group.id)
      bytes.append(contentsOf: ", \"name\": ".utf8)
      writeString(group.name)
      writeList("members", group.members)
      if !group.groups.isEmpty { writeList("groups", group.groups) }
      bytes.append(contentsOf: index + 1 < groups.count ? "},\n".utf8 : "}\n".utf8)
    }
    bytes.append(contentsOf: "]}\n".utf8)
  }

  private mutating func writeList(_ key: StaticString, _ values: [String]) {
    bytes.append(contentsOf: ", \"".utf8)
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    bytes.append(contentsOf: "\": [".utf8)
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(contentsOf: ", ".utf8) }
      writeString(value)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  mutating func write(_ users: [User]) {
    bytes.append(contentsOf: "[\n".utf8)
    for (index, user) in users.enumerated() {
      bytes.append(contentsOf: "  {".utf8)
      if let id = user.id {
        bytes.append(contentsOf: "\"id\": ".utf8)
        writeString(id)
        bytes.append(contentsOf: ", ".utf8)
      }
      bytes.append(contentsOf: "\"username\": ".utf8)
      writeString(user.username)
      bytes.append(contentsOf: ", \"avatar\": ".utf8)
      writeString(user.avatar)
      bytes.append(contentsOf: ", \"role\": ".utf8)
      writeString(user.role == .unknown ? UserGenerator.unknownRoleText : user.role.displayText)
      writeDetails(user.details)
      bytes.append(contentsOf: index + 1 < users.count ? "},\n".utf8 : "}\n".utf8)
    }
    bytes.append(contentsOf: "]\n".utf8)
  }

  /// `, "key": "value"` for each detail the user has, keyed by the field's
  /// name (``DetailField``), in ``DetailField/pageOrder``.
  private mutating func writeDetails(_ details: PersonDetails) {
    writeField("displayName", details.displayName)
    writeField("email", details.email)
    writeField("title", details.title)
    writeField("department", details.department)
    writeField("location", details.location)
    writeField("city", details.city)
    writeField("phone", details.phone)
    writeField("manager", details.manager)
    writeField("employeeNumber", details.employeeNumber)
  }

  private mutating func writeField(_ key: StaticString, _ value: String?) {
    guard let value else { return }
    bytes.append(contentsOf: ", \"".utf8)
    bytes.append(
      contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    bytes.append(contentsOf: "\": ".utf8)
    writeString(value)
  }

  private mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    let utf8 = text.utf8
    if !utf8.contains(where: Self.needsEscape) {
      bytes.append(contentsOf: utf8)
    } else {
      for byte in utf8 {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
        case UInt8(ascii: "\n"): bytes.append(contentsOf: "\\n".utf8)
        case UInt8(ascii: "\r"): bytes.append(contentsOf: "\\r".utf8)
        case UInt8(ascii: "\t"): bytes.append(contentsOf: "\\t".utf8)
        case ..<0x20:
          bytes.append(contentsOf: "\\u00\(Self.hex(byte >> 4))\(Self.hex(byte & 0xF))".utf8)
        default: bytes.append(byte)
        }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static func hex(_ nibble: UInt8) -> String {
    String(nibble, radix: 16, uppercase: true)
  }
}
