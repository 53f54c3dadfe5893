/// The file formats people are exported in.
///
/// Threading: a plain value; `Sendable`.
public enum PersonExportFormat: String, CaseIterable, Sendable {
  /// Comma-separated values (RFC 4180, UTF-8, CRLF): a header of field
  /// names, then a person a line. A cell a spreadsheet would run as a
  /// formula starts with a single quote.
  case csv
  /// vCard 4.0 (RFC 6350): a card a person, the photo inline.
  case vcard
  /// LDIF (RFC 2849): an inetOrgPerson entry a person, ready for slapadd or
  /// ldapadd.
  case ldif
  /// users.json in its array form, as Roster reads it.
  case json

  /// The usual file name extension.
  public var fileExtension: String {
    switch self {
    case .csv: "csv"
    case .vcard: "vcf"
    case .ldif: "ldif"
    case .json: "json"
    }
  }

  /// Whether the format carries photos (so the exporter reads them).
  public var carriesPhotos: Bool { self == .vcard || self == .ldif }
}
