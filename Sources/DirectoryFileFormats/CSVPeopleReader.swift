import Directory

/// Reads people from CSV (see ``CSVScanner`` and ``CSVSeparator``): a
/// header naming the columns (``CSVColumn``), then a person a record, the
/// order kept. Columns Roster does not read are ignored; of two columns
/// of one field the first is read. A record without a username takes the
/// local part of its email; one with neither, or with a username an
/// earlier record has, is skipped and counted (``PeopleCollector``). A
/// role or active state left empty reads as a users.json entry without
/// them does (an unknown role, active). Every value is cut to
/// `FieldLimit.maxBytes` (an avatar that long is left out).
///
/// Threading: stateless; runs on the caller's thread (the loader's worker).
enum CSVPeopleReader {
  /// The most header names an error lists.
  static let namesShown = 12

  /// The people of the CSV file `buffer`.
  static func read(_ buffer: UnsafeRawBufferPointer) throws(DirectoryError) -> PeopleFile {
    try PeopleFileError.reading(buffer, with: people(in:))
  }

  static func people(in bytes: UnsafeBufferPointer<UInt8>) throws(PeopleFileError) -> PeopleFile {
    let start = Byte.start(afterByteOrderMarkOf: bytes)
    let (separator, header) = CSVSeparator.detect(bytes, from: start)
    var scanner = CSVScanner(
      bytes, separator: separator, offset: header, line: header > start ? 2 : 1)
    var record = CSVRecord()
    repeat {
      guard try scanner.next(into: &record) else { throw .noHeader }
    } while record.isBlank
    let names = (0..<record.count).map { index in
      record.withField(index) { bytes, _ in FieldLimit.string(bytes).text } ?? ""
    }
    var columns: [(index: Int, column: CSVColumn)] = []
    for (index, name) in names.enumerated() {
      guard let column = CSVColumn(header: name), !columns.contains(where: { $0.column == column })
      else { continue }
      columns.append((index, column))
    }
    guard columns.contains(where: { $0.column == .field(.username) || $0.column == .field(.email) })
    else { throw .noUsernameColumn(columns: shown(names)) }

    var collector = PeopleCollector()
    while try scanner.next(into: &record) {
      if record.isBlank { continue }
      var user = User(username: "", role: .unknown)
      var wasCut = false
      for (index, column) in columns {
        record.withField(index) { bytes, longer in
          let (text, cut) = PersonText.cut(bytes, longer: longer)
          wasCut = wasCut || cut
          set(text, wasCut: cut, of: column, in: &user)
        }
      }
      if user.username.isEmpty, let email = user.details.email {
        user.username = PersonText.localPart(of: email)
      }
      let place = "line \(record.line)"
      if wasCut { collector.warn(PersonText.cutWarning(at: place)) }
      collector.add(user, at: place)
    }
    return collector.file
  }

  /// Sets `column`'s value `text` (cut if `wasCut`) in `user`.
  private static func set(_ text: String, wasCut: Bool, of column: CSVColumn, in user: inout User) {
    switch column {
    case .id: user.id = PersonText.optional(text)
    // A cut reference would name another picture, or none.
    case .avatar: user.avatar = wasCut ? "" : text
    case .field(.username): user.username = text
    case .field(.role): user.role = PersonText.role(text)
    case .field(.active): user.isActive = PersonText.isActive(text)
    case .field(let field):
      if let detail = field.detail { user.details[detail] = PersonText.optional(text) }
    }
  }

  /// The header's names as an error lists them: a few, each short, with
  /// control characters shown as U+FFFD.
  private static func shown(_ names: [String]) -> [String] {
    var shown = names.prefix(namesShown).map { name in
      let visible = String(
        String.UnicodeScalarView(
          name.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
      return visible.count > 40 ? visible.prefix(40) + "…" : visible
    }
    if names.count > namesShown { shown.append("…") }
    return shown
  }
}
