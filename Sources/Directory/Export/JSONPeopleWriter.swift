/// users.json in its array form, as ``DirectoryParser`` reads it: each
/// person's id (when they have one), username, role and avatar as the
/// source gave them, then the chosen detail fields that have a value.
/// Control characters, quotes and backslashes are escaped; everything else
/// is written as UTF-8.
///
/// Threading: owned by the one task writing the file.
final class JSONPeopleWriter: PersonWriter {
  /// The chosen fields users.json keeps as details (username and role are
  /// always written).
  let details: [PersonField]
  /// Whether "active" is chosen: written as `false` for a disabled account
  /// only (missing reads as active).
  let writesActive: Bool
  private var isFirst = true

  init(columns: [PersonField]) {
    details = columns.filter { $0 != .username && $0 != .role && $0 != .active }
    writesActive = columns.contains(.active)
  }

  func begin(_ sink: ByteSink) { sink.append("[") }

  func write(_ person: some ExportRecord, photo: ExportPhoto?, into sink: ByteSink) {
    sink.append(isFirst ? "\n{" : ",\n{")
    isFirst = false
    person.withID { id in
      if !id.isEmpty {
        sink.append("\"id\":")
        Self.string(id, into: sink)
        sink.append(",")
      }
    }
    sink.append("\"username\":")
    person.withBytes(of: .username) { Self.string($0, into: sink) }
    person.withBytes(of: .role) { role in
      if !role.isEmpty {
        sink.append(",\"role\":")
        Self.string(role, into: sink)
      }
    }
    if writesActive {
      person.withBytes(of: .active) {
        if $0.elementsEqual("false".utf8) { sink.append(",\"active\":false") }
      }
    }
    person.withAvatar { avatar in
      if !avatar.isEmpty {
        sink.append(",\"avatar\":")
        Self.string(avatar, into: sink)
      }
    }
    for field in details {
      person.withBytes(of: field) { value in
        guard !value.isEmpty else { return }
        sink.append(ASCII.comma)
        sink.append(ASCII.quote)
        sink.append(field.rawValue)
        sink.append("\":")
        Self.string(value, into: sink)
      }
    }
    sink.append("}")
  }

  func end(_ sink: ByteSink) { sink.append(isFirst ? "]\n" : "\n]\n") }

  /// Writes `bytes` (valid UTF-8) as a JSON string.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, into sink: ByteSink) {
    sink.append(ASCII.quote)
    var start = 0
    for (offset, byte) in bytes.enumerated()
    where byte < 0x20 || byte == ASCII.quote || byte == ASCII.backslash {
      sink.append(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
      switch byte {
      case ASCII.quote: sink.append("\\\"")
      case ASCII.backslash: sink.append("\\\\")
      case ASCII.newline: sink.append("\\n")
      case ASCII.carriageReturn: sink.append("\\r")
      case ASCII.tab: sink.append("\\t")
      default:
        sink.append("\\u00")
        sink.append(ASCII.hexDigit(byte >> 4))
        sink.append(ASCII.hexDigit(byte & 0xF))
      }
      start = offset + 1
    }
    sink.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    sink.append(ASCII.quote)
  }
}
