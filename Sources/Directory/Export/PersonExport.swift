/// What an export writes: the format, the fields, and the limits on what
/// it carries.
///
/// Threading: a plain value; `Sendable`.
public struct PersonExport: Sendable {
  /// The fields an export writes when none are chosen: all of them.
  public static let defaultColumns = PersonField.allCases

  public var format: PersonExportFormat
  /// The fields written, in order (CSV's columns; the other formats write
  /// what they need to name a person besides).
  public var columns: [PersonField]
  /// The most bytes of a photo written inline (vCard, LDIF); a larger
  /// photo is left out rather than cut, since a cut image is broken.
  public var photoLimit = 256 * 1024
  /// The DN LDIF entries are put under.
  public var ldifBase = "ou=people,dc=example,dc=org"

  /// An export of `columns` in `format`.
  public init(format: PersonExportFormat, columns: [PersonField] = PersonExport.defaultColumns) {
    self.format = format
    self.columns = columns
  }
}

/// How far an export has come.
///
/// Threading: a plain value; `Sendable`.
public struct ExportProgress: Sendable, Equatable {
  /// People written so far.
  public var done: Int
  /// People to write; nil while a server has not said its final count.
  public var total: Int?
  /// Time since the export started.
  public var elapsed: Duration

  /// An export that wrote `done` of `total` in `elapsed`.
  public init(done: Int, total: Int?, elapsed: Duration) {
    self.done = done
    self.total = total
    self.elapsed = elapsed
  }

  /// The time left at the pace so far; nil before the first person or
  /// without a total.
  public var estimatedRemaining: Duration? {
    guard let total, done > 0 else { return nil }
    return elapsed * (Double(max(0, total - done)) / Double(done))
  }
}
