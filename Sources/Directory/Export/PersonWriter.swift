/// A photo as an export carries it.
///
/// Threading: a plain value; `Sendable`.
public enum ExportPhoto: Sendable, Equatable {
  /// The original bytes (an avatar file, a server's photo attribute), at
  /// most ``PersonExport/photoLimit``.
  case bytes([UInt8])
  /// The http(s) URL a users.json names.
  case url(String)
}

/// Writes people in one file format into a ``ByteSink``: what comes before
/// the first person, each person, and what comes after the last.
///
/// Threading: owned by the one task writing the file.
protocol PersonWriter: AnyObject {
  func begin(_ sink: ByteSink)
  func write(_ person: some ExportRecord, photo: ExportPhoto?, into sink: ByteSink)
  func end(_ sink: ByteSink)
}

/// Work done with a writer of whichever format an export names, generic
/// over the writer so that the loop over people is compiled for each
/// format (no dynamic call per field).
protocol PersonWriterVisitor {
  associatedtype Output
  func visit(_ writer: some PersonWriter) async throws -> Output
}

extension PersonExport {
  /// What `visitor` does with a writer of this export's format and columns.
  func withWriter<Visitor: PersonWriterVisitor>(_ visitor: Visitor) async throws
    -> Visitor.Output
  {
    switch format {
    case .csv: try await visitor.visit(CSVWriter(columns: columns))
    case .json: try await visitor.visit(JSONPeopleWriter(columns: columns))
    case .vcard: try await visitor.visit(VCardWriter(columns: columns))
    case .ldif: try await visitor.visit(LDIFPeopleWriter(columns: columns, base: ldifBase))
    }
  }
}

/// ASCII bytes the writers test for, by name.
enum ASCII {
  static let tab: UInt8 = 0x09
  static let newline: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let hash: UInt8 = 0x23
  static let apostrophe: UInt8 = 0x27
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let colon: UInt8 = 0x3A
  static let semicolon: UInt8 = 0x3B
  static let lessThan: UInt8 = 0x3C
  static let equals: UInt8 = 0x3D
  static let greaterThan: UInt8 = 0x3E
  static let at: UInt8 = 0x40
  static let backslash: UInt8 = 0x5C
  static let delete: UInt8 = 0x7F

  /// The lowercase hexadecimal digit of `value` (0–15).
  @inline(__always)
  static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }
}
