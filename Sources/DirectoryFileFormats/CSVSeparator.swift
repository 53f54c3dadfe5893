/// Which byte separates a CSV file's fields: a comma, or the semicolon
/// spreadsheets write in German and French locales (where the comma is the
/// decimal mark), or a tab. Excel's `sep=;` first line says it outright;
/// otherwise the header decides: the candidate it holds most often outside
/// quotes (a comma when it holds none, a single column).
///
/// Threading: stateless.
enum CSVSeparator {
  /// The candidates, the preferred first when counts are equal.
  static let candidates: [UInt8] = [Byte.comma, Byte.semicolon, Byte.tab]

  /// The separator of the CSV in `bytes` whose first line starts at
  /// `start`, and where its header starts (after a `sep=` line).
  static func detect(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    separator: UInt8, header: Int
  ) {
    if let declared = declared(bytes, from: start) { return declared }
    var counts = [0, 0, 0]
    var quoted = false
    var offset = start
    while offset < bytes.count {
      let byte = bytes[offset]
      if byte == Byte.quote {
        quoted.toggle()
      } else if !quoted {
        if byte == Byte.newline || byte == Byte.carriageReturn { break }
        if let index = candidates.firstIndex(of: byte) { counts[index] += 1 }
      }
      offset += 1
    }
    // max(by:) keeps the first of equal counts: the preferred.
    let best = counts.indices.max { counts[$0] < counts[$1] }
    return (candidates[best ?? 0], start)
  }

  /// The separator a `sep=X` first line names, and where the header
  /// after it starts.
  private static func declared(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (
    separator: UInt8, header: Int
  )? {
    let prefix = Array("sep=".utf8)
    guard bytes.count >= start + prefix.count + 1,
      bytes[start..<(start + prefix.count)].map({ $0 | 0x20 }) == prefix
    else { return nil }
    let separator = bytes[start + prefix.count]
    var header = start + prefix.count + 1
    guard candidates.contains(separator) else { return nil }
    if header < bytes.count, bytes[header] == Byte.carriageReturn { header += 1 }
    guard header == bytes.count || bytes[header] == Byte.newline else { return nil }
    return (separator, min(header + 1, bytes.count))
  }
}
