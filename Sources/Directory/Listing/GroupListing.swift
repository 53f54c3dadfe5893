/// Groups written out for scripts, one a line, in the format of the
/// people's listing (``PeopleListing/Format``): the group's name, its
/// identity, how many people it holds directly and how many groups it holds.
/// TSV under the header `group id members groups`; JSON Lines keyed the same.
/// A server's group (``DirectoryGroupEntry``) leaves a count it does not
/// know empty in TSV and out of its JSON object.
///
/// Threading: a plain value; `Sendable`.
public struct GroupListing: Sendable {
  public var format: PeopleListing.Format

  /// A listing in `format`.
  public init(format: PeopleListing.Format = .tsv) { self.format = format }

  /// The line before the groups (TSV's header), if the format has one.
  public var header: String? { format == .tsv ? "group\tid\tmembers\tgroups" : nil }

  /// `group` as one line (without its newline).
  public func line(_ group: DirectoryGroup) -> String {
    switch format {
    case .tsv:
      [PeopleListing.tsvEscaped(group.name), PeopleListing.tsvEscaped(group.id)].joined(
        separator: "\t") + "\t\(group.members.count)\t\(group.subgroups.count)"
    case .jsonl:
      "{\"group\":\(PersonFilter.quoted(group.name)),\"id\":\(PersonFilter.quoted(group.id)),"
        + "\"members\":\(group.members.count),\"groups\":\(group.subgroups.count)}"
    }
  }

  /// A server's `group` as one line (without its newline): the member
  /// count when the server said it; the groups inside it are not counted.
  public func line(_ group: DirectoryGroupEntry) -> String {
    switch format {
    case .tsv:
      [PeopleListing.tsvEscaped(group.name), PeopleListing.tsvEscaped(group.id)].joined(
        separator: "\t") + "\t\(group.memberCount.map(String.init) ?? "")\t"
    case .jsonl:
      "{\"group\":\(PersonFilter.quoted(group.name)),\"id\":\(PersonFilter.quoted(group.id))"
        + (group.memberCount.map { ",\"members\":\($0)" } ?? "") + "}"
    }
  }
}
