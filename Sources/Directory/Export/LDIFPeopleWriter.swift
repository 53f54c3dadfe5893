/// LDIF (RFC 2849): after `version: 1`, an inetOrgPerson entry a person,
/// named `uid=<username>,<base>` (the username escaped as RFC 4514 says).
/// A value that is not a SAFE-STRING — one with a NUL, CR or LF, a byte
/// past ASCII, a leading space, colon or less-than, or a trailing space —
/// is written base64 (`name:: …`), the DN too; so no value starts a new
/// attribute or entry. Lines are folded at 76 octets.
///
/// Attributes: `uid`; `cn` and `sn` (both required by the schema) the
/// display name, else the username; `displayName`, `mail`, `title`, `ou`
/// (department), `l` (location), `telephoneNumber`, `employeeNumber`,
/// `employeeType` (the role), `manager` (the manager's DN, when the manager
/// is in the same directory or the source names them by DN), and
/// `jpegPhoto` when the photo is a JPEG.
///
/// Threading: owned by the one task writing the file.
final class LDIFPeopleWriter: PersonWriter {
  /// The most octets of a line, its LF not counted.
  static let lineLimit = 76

  let columns: [PersonField]
  /// The DN the entries are put under.
  let base: String
  private var isFirst = true

  init(columns: [PersonField], base: String) {
    self.columns = columns
    self.base = base
  }

  func begin(_ sink: ByteSink) { sink.append("version: 1\n") }

  func end(_ sink: ByteSink) {}

  func write(_ person: some ExportRecord, photo: ExportPhoto?, into sink: ByteSink) {
    var line = LineFolder(sink: sink, limit: Self.lineLimit, lineEnd: "\n")
    // A blank line between entries; OpenLDAP reads one right after the
    // version line as an entry without a DN.
    if !isFirst { line.endLine() }
    isFirst = false
    let username = person.withBytes(of: .username) { Array($0) }
    attribute("dn", Array(distinguishedName(username: username).utf8), &line)
    for objectClass in ["top", "person", "organizationalPerson", "inetOrgPerson"] {
      attribute("objectClass", Array(objectClass.utf8), &line)
    }
    attribute("uid", username, &line)
    let displayName = person.withBytes(of: .displayName) { Array($0) }
    attribute("cn", displayName.isEmpty ? username : displayName, &line)
    attribute("sn", displayName.isEmpty ? username : displayName, &line)
    for field in columns {
      let value = person.withBytes(of: field) { Array($0) }
      guard !value.isEmpty else { continue }
      switch field {
      case .username: break
      case .displayName: attribute("displayName", value, &line)
      case .email: attribute("mail", value, &line)
      case .title: attribute("title", value, &line)
      case .department: attribute("ou", value, &line)
      case .location: attribute("l", value, &line)
      // inetOrgPerson's locality (`l`) holds the location, as Roster reads
      // such a directory: it has no attribute for a city apart from it.
      case .city: break
      case .phone: attribute("telephoneNumber", value, &line)
      case .employeeNumber: attribute("employeeNumber", value, &line)
      case .role: attribute("employeeType", value, &line)
      // inetOrgPerson has no attribute for it.
      case .active: break
      case .manager:
        if let manager = person.managerUsername {
          attribute("manager", Array(distinguishedName(username: Array(manager.utf8)).utf8), &line)
        } else if value.contains(ASCII.equals) {
          attribute("manager", value, &line)
        }
      }
    }
    if case .bytes(let bytes) = photo, PhotoData.mediaType(of: bytes) == "image/jpeg" {
      line.ascii("jpegPhoto:: ")
      PhotoData.base64(bytes).withUnsafeBufferPointer { line.ascii($0) }
      line.endLine()
    }
  }

  /// `name: value`, or `name:: base64` when the value is not a SAFE-STRING.
  private func attribute(_ name: String, _ value: [UInt8], _ line: inout LineFolder) {
    var name = name
    name.withUTF8 { line.ascii($0) }
    if Self.isSafe(value) {
      line.ascii(": ")
      value.withUnsafeBufferPointer { line.ascii($0) }
    } else {
      line.ascii(":: ")
      PhotoData.base64(value).withUnsafeBufferPointer { line.ascii($0) }
    }
    line.endLine()
  }

  /// Whether `value` may be written as it is: RFC 2849's SAFE-STRING (no
  /// NUL, CR, LF or byte past ASCII; not starting with a space, colon or
  /// less-than) that does not end with a space either.
  static func isSafe(_ value: [UInt8]) -> Bool {
    guard let first = value.first, let last = value.last else { return true }
    if first == ASCII.space || first == ASCII.colon || first == ASCII.lessThan { return false }
    if last == ASCII.space { return false }
    return value.allSatisfy {
      $0 != 0 && $0 != ASCII.newline && $0 != ASCII.carriageReturn && $0 < 0x80
    }
  }

  /// `uid=<username>,<base>` with the username escaped as RFC 4514 says.
  func distinguishedName(username: [UInt8]) -> String {
    "uid=" + String(decoding: Self.escapedValue(username), as: UTF8.self) + "," + base
  }

  /// An attribute value escaped for a DN as RFC 4514 requires: the special
  /// characters after a backslash, a leading space or `#` and a trailing
  /// space too, and NUL as `\00`. Other characters stay as they are, so a
  /// DN with a line break or a byte past ASCII is written base64.
  static func escapedValue(_ value: [UInt8]) -> [UInt8] {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(value.count + 8)
    for (offset, byte) in value.enumerated() {
      switch byte {
      case ASCII.comma, ASCII.plus, ASCII.quote, ASCII.backslash, ASCII.lessThan,
        ASCII.greaterThan, ASCII.semicolon, ASCII.equals:
        escaped += [ASCII.backslash, byte]
      case ASCII.space where offset == 0 || offset == value.count - 1:
        escaped += [ASCII.backslash, byte]
      case ASCII.hash where offset == 0:
        escaped += [ASCII.backslash, byte]
      case 0:
        escaped += [ASCII.backslash, 0x30, 0x30]
      default:
        escaped.append(byte)
      }
    }
    return escaped
  }
}
