/// CSV as RFC 4180 writes it (UTF-8, CRLF line ends, a header of field
/// names): a field holding a quote, comma, semicolon, tab, CR or LF is
/// quoted with its quotes doubled. A field a spreadsheet would run as a
/// formula — one that begins with `=`, `+`, `-`, `@`, a tab or a carriage
/// return — starts with a single quote inside quotes, as OWASP advises
/// against CSV injection; a reader of the file sees the quote as part of
/// the value. Excel in German and French locales splits lines at `;` (and
/// a tab-separated reader at tabs) whatever the quotes say, so a part of a
/// field after a semicolon or a tab is a cell of its own there: one that
/// would begin a formula gets the same single quote after the separator
/// (`x;'=HYPERLINK(…)`).
///
/// Threading: owned by the one task writing the file.
final class CSVWriter: PersonWriter {
  let columns: [PersonField]

  init(columns: [PersonField]) { self.columns = columns }

  func begin(_ sink: ByteSink) {
    for (number, field) in columns.enumerated() {
      if number > 0 { sink.append(ASCII.comma) }
      sink.append(field.rawValue)
    }
    sink.append("\r\n")
  }

  func write(_ person: some ExportRecord, photo: ExportPhoto?, into sink: ByteSink) {
    var first = true
    for field in columns {
      if !first { sink.append(ASCII.comma) }
      first = false
      person.withBytes(of: field) { Self.cell($0, into: sink) }
    }
    sink.append("\r\n")
  }

  func end(_ sink: ByteSink) {}

  /// Writes one field's bytes as a CSV cell.
  @inline(__always)
  static func cell(_ bytes: UnsafeBufferPointer<UInt8>, into sink: ByteSink) {
    guard let lead = bytes.first else { return }
    let isFormula = startsFormula(lead)
    var needsQuotes = isFormula
    if !needsQuotes {
      for byte in bytes
      where byte == ASCII.quote || byte == ASCII.comma || byte == ASCII.newline
        || byte == ASCII.carriageReturn || byte == ASCII.semicolon || byte == ASCII.tab
      {
        needsQuotes = true
        break
      }
    }
    guard needsQuotes else { return sink.append(bytes) }
    sink.append(ASCII.quote)
    if isFormula { sink.append(ASCII.apostrophe) }
    var start = 0
    var afterSeparator = false
    for (offset, byte) in bytes.enumerated() {
      if byte == ASCII.quote {
        // Everything up to and including the quote, then the quote again.
        sink.append(UnsafeBufferPointer(rebasing: bytes[start...offset]))
        sink.append(ASCII.quote)
        start = offset + 1
      } else if afterSeparator, offset > 0, startsFormula(byte) {
        // A cell of its own where lines split at ";" or tabs.
        sink.append(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        sink.append(ASCII.apostrophe)
        start = offset
      }
      afterSeparator = byte == ASCII.semicolon || byte == ASCII.tab
    }
    sink.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    sink.append(ASCII.quote)
  }

  /// Whether a cell beginning with `byte` would run as a formula.
  @inline(__always)
  private static func startsFormula(_ byte: UInt8) -> Bool {
    byte == ASCII.equals || byte == ASCII.plus || byte == ASCII.minus || byte == ASCII.at
      || byte == ASCII.tab || byte == ASCII.carriageReturn
  }
}
