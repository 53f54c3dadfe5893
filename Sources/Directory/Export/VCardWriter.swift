/// vCard 4.0 (RFC 6350): a card a person, lines of at most 75 octets
/// folded on UTF-8 boundaries, CRLF line ends. In text values a backslash,
/// comma, semicolon and line break are escaped (`\\`, `\,`, `\;`, `\n`: a
/// CR, LF or CRLF each become `\n`), and other control characters, which
/// vCard does not allow, become U+FFFD; so a value never starts a new
/// property or card. The photo is inline as a `data:` URI of its original
/// bytes, or the URL a users.json names.
///
/// Fields: the display name (else the username) is `FN`; email `EMAIL`,
/// phone `TEL`, title `TITLE`, department `ORG`, location the locality of
/// a work `ADR`; the username, manager, employee number and role, which
/// vCard has no property for, are `X-ROSTER-USERNAME`, `X-ROSTER-MANAGER`,
/// `X-ROSTER-EMPLOYEE-NUMBER` and `X-ROSTER-ROLE`.
///
/// Threading: owned by the one task writing the file.
final class VCardWriter: PersonWriter {
  /// The most octets of a line, its CRLF not counted.
  static let lineLimit = 75

  let columns: [PersonField]

  init(columns: [PersonField]) { self.columns = columns }

  func begin(_ sink: ByteSink) {}

  func end(_ sink: ByteSink) {}

  func write(_ person: some ExportRecord, photo: ExportPhoto?, into sink: ByteSink) {
    var line = LineFolder(sink: sink, limit: Self.lineLimit, lineEnd: "\r\n")
    line.ascii("BEGIN:VCARD")
    line.endLine()
    line.ascii("VERSION:4.0")
    line.endLine()
    person.withID { id in
      let uid = id.isEmpty ? person.withBytes(of: .username) { Array($0) } : Array(id)
      uid.withUnsafeBufferPointer { property("UID;VALUE=text:", $0, &line) }
    }
    person.withBytes(of: .displayName) { name in
      if name.isEmpty {
        person.withBytes(of: .username) { property("FN:", $0, &line) }
      } else {
        property("FN:", name, &line)
      }
    }
    person.withBytes(of: .username) { property("X-ROSTER-USERNAME:", $0, &line) }
    for field in columns {
      person.withBytes(of: field) { value in
        guard !value.isEmpty else { return }
        switch field {
        case .username, .displayName: break
        case .email: property("EMAIL:", value, &line)
        case .phone: property("TEL;VALUE=text:", value, &line)
        case .title: property("TITLE:", value, &line)
        case .department: property("ORG:", value, &line)
        case .location: property("ADR;TYPE=work:;;;", value, &line, after: ";;;")
        case .city: property("X-ROSTER-CITY:", value, &line)
        case .manager: property("X-ROSTER-MANAGER:", value, &line)
        case .employeeNumber: property("X-ROSTER-EMPLOYEE-NUMBER:", value, &line)
        case .role: property("X-ROSTER-ROLE:", value, &line)
        // Only a disabled account is marked.
        case .active where value.elementsEqual("false".utf8):
          property("X-ROSTER-ACTIVE:", value, &line)
        case .active: break
        }
      }
    }
    switch photo {
    case .bytes(let bytes):
      line.ascii("PHOTO:data:")
      var type = PhotoData.mediaType(of: bytes)
      type.withUTF8 { line.ascii($0) }
      line.ascii(";base64,")
      PhotoData.base64(bytes).withUnsafeBufferPointer { line.ascii($0) }
      line.endLine()
    case .url(let url) where PhotoData.isPlainURI(url.utf8):
      line.ascii("PHOTO:")
      var url = url
      url.withUTF8 { line.ascii($0) }
      line.endLine()
    default: break
    }
    line.ascii("END:VCARD")
    line.endLine()
  }

  /// Writes one property: its name and parameters (`head`, up to the
  /// colon and any components before the value), the escaped value, and
  /// `after`.
  private func property(
    _ head: StaticString, _ value: UnsafeBufferPointer<UInt8>, _ line: inout LineFolder,
    after: StaticString = ""
  ) {
    line.ascii(head)
    Self.text(value, &line)
    line.ascii(after)
    line.endLine()
  }

  /// Writes `value` (valid UTF-8) as vCard text.
  static func text(_ value: UnsafeBufferPointer<UInt8>, _ line: inout LineFolder) {
    var offset = 0
    while offset < value.count {
      let byte = value[offset]
      switch byte {
      case ASCII.backslash: line.unit(escape("\\\\"))
      case ASCII.comma: line.unit(escape("\\,"))
      case ASCII.semicolon: line.unit(escape("\\;"))
      case ASCII.newline: line.unit(escape("\\n"))
      case ASCII.carriageReturn:
        line.unit(escape("\\n"))
        // CRLF is one line break.
        if offset + 1 < value.count, value[offset + 1] == ASCII.newline { offset += 1 }
      case ASCII.tab: line.byte(byte)
      case ..<ASCII.space, ASCII.delete: line.unit(escape("\u{FFFD}"))
      default:
        let count = min(LineFolder.sequenceLength(byte), value.count - offset)
        line.unit(UnsafeBufferPointer(rebasing: value[offset..<(offset + count)]))
        offset += count
        continue
      }
      offset += 1
    }
  }

  private static func escape(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }
}
