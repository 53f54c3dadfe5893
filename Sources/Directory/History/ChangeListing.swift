/// The lines `roster changes` prints: one change a line, as TSV (a
/// header, then date, kind, username, name, field, old and new, each
/// escaped as ``TerminalText`` escapes `roster list`'s cells) or JSON
/// Lines (the same keys, values quoted as ``PersonFilter/quoted(_:)``).
///
/// Threading: a plain value; `Sendable`.
public struct ChangeListing: Sendable {
  public let format: PeopleListing.Format

  /// The columns, in order.
  public static let columns = ["date", "kind", "username", "name", "field", "old", "new"]

  public init(format: PeopleListing.Format) { self.format = format }

  /// The line before the changes (TSV's header), if the format has one.
  public var header: String? {
    format == .tsv ? Self.columns.joined(separator: "\t") : nil
  }

  /// `change` as one line (without its newline).
  public func line(_ change: PersonChange) -> String {
    let values = [
      ChangeSince.isoText(change.seconds), change.kind.rawValue, change.username, change.name,
      change.field?.rawValue ?? "", change.old, change.new,
    ]
    switch format {
    case .tsv:
      return values.map(TerminalText.escaped).joined(separator: "\t")
    case .jsonl:
      let members = zip(Self.columns, values).map {
        PersonFilter.quoted($0) + ":" + PersonFilter.quoted($1)
      }
      return "{" + members.joined(separator: ",") + "}"
    }
  }
}
