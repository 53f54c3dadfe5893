/// Data findings written out for scripts, one a line, in the format of the
/// people's listing (``PeopleListing/Format``): the check's name, the
/// person's username and name, and what is wrong. TSV under the header
/// `check username displayName detail`; JSON Lines keyed the same, an
/// empty detail left out.
///
/// Threading: a plain value; `Sendable`.
public struct DataFindingListing: Sendable {
  public var format: PeopleListing.Format

  /// A listing in `format`.
  public init(format: PeopleListing.Format = .tsv) { self.format = format }

  /// The line before the findings (TSV's header), if the format has one.
  public var header: String? { format == .tsv ? "check\tusername\tdisplayName\tdetail" : nil }

  /// `finding`, about a person of `table`, as one line (without its newline).
  public func line(_ finding: DataFinding, in table: UserTable) -> String {
    let username = table.username(at: finding.position)
    let name = table.value(.displayName, at: finding.position) ?? ""
    let detail = finding.detail(in: table)
    switch format {
    case .tsv:
      return [finding.check.rawValue, username, name, detail]
        .map(PeopleListing.tsvEscaped).joined(separator: "\t")
    case .jsonl:
      var members = [
        ("check", finding.check.rawValue), ("username", username), ("displayName", name),
      ]
      if !detail.isEmpty { members.append(("detail", detail)) }
      return "{"
        + members.map { PersonFilter.quoted($0) + ":" + PersonFilter.quoted($1) }
        .joined(separator: ",") + "}"
    }
  }
}
