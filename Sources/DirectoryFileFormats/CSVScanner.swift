/// Reads the records of RFC 4180 CSV one at a time: fields between
/// `separator`s, a field in double quotes holding separators, line breaks
/// and doubled quotes, records ending at CRLF, LF or a lone CR. A quote
/// never closed is an error naming the line it opened on; bytes after a
/// closing quote, or a quote inside an unquoted field, are kept as they
/// are (as spreadsheets read them). Every byte is looked at once.
///
/// A quoted field loses the single quote Roster's CSV export puts before
/// a cell a spreadsheet would run as a formula (at its start, or after a
/// `;` or tab inside it; see `CSVWriter`), so that an exported file reads
/// back as it was. The export only ever writes that quote inside quotes,
/// so an unquoted field keeps its quotes.
///
/// Threading: a value owned by one parse.
struct CSVScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The byte between fields.
  let separator: UInt8
  private var offset: Int
  /// The line `offset` is on, counted from 1.
  private var line: Int

  /// A scanner of `bytes` from `offset`, which is on `line`.
  init(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, offset: Int, line: Int = 1) {
    self.bytes = bytes
    self.separator = separator
    self.offset = offset
    self.line = line
  }

  /// Reads the next record into `record`; false at the end of the bytes.
  mutating func next(into record: inout CSVRecord) throws(PeopleFileError) -> Bool {
    guard offset < bytes.count else { return false }
    record.reset(line: line)
    while true {
      record.beginField()
      if offset < bytes.count, bytes[offset] == Byte.quote {
        try readQuoted(into: &record)
      }
      readPlain(into: &record)
      record.endField()
      guard offset < bytes.count else { return true }
      let byte = bytes[offset]
      offset += 1
      if byte == separator { continue }
      // A line end: CRLF, LF or CR.
      if byte == Byte.carriageReturn, offset < bytes.count, bytes[offset] == Byte.newline {
        offset += 1
      }
      line += 1
      return true
    }
  }

  /// Reads the rest of a field up to a separator or line end, as it is.
  private mutating func readPlain(into record: inout CSVRecord) {
    let start = offset
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == separator || byte == Byte.newline || byte == Byte.carriageReturn { break }
      offset += 1
    }
    if offset > start { record.append(UnsafeBufferPointer(rebasing: bytes[start..<offset])) }
  }

  /// Reads a quoted field from its opening quote through its closing one.
  private mutating func readQuoted(into record: inout CSVRecord) throws(PeopleFileError) {
    let opened = line
    offset += 1
    while offset < bytes.count {
      let byte = bytes[offset]
      let next: UInt8? = offset + 1 < bytes.count ? bytes[offset + 1] : nil
      offset += 1
      switch byte {
      case Byte.quote:
        guard next == Byte.quote else { return }
        record.append(Byte.quote)
        offset += 1
      case Byte.newline:
        line += 1
        record.append(byte)
      case Byte.apostrophe where Self.isFormulaGuard(before: next, after: record):
        break
      default:
        record.append(byte)
      }
    }
    throw .unterminatedQuote(line: opened)
  }

  /// Whether an apostrophe followed by `next` is the export's guard: the
  /// next byte would start a formula, and the apostrophe starts the field
  /// or follows a `;` or tab in it.
  private static func isFormulaGuard(before next: UInt8?, after record: CSVRecord) -> Bool {
    guard let next, startsFormula(next) else { return false }
    guard let last = record.lastByte else { return true }
    return last == Byte.semicolon || last == Byte.tab
  }

  /// Whether a cell beginning with `byte` would run as a formula (as the
  /// export decides it).
  private static func startsFormula(_ byte: UInt8) -> Bool {
    byte == Byte.equals || byte == Byte.plus || byte == Byte.minus || byte == Byte.at
      || byte == Byte.tab || byte == Byte.carriageReturn
  }
}
