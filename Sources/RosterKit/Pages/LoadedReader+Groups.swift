import Directory

/// The page's group: choosing one in the sidebar shows only its people
/// (its direct members), or a manager's direct reports (a person's page),
/// searched, filtered and sorted as everyone is
/// (``showMatches(keepingSelection:)`` narrows to them first, off the main
/// thread), with the group's name in the subtitle. A refresh keeps the
/// group with the same identity.
extension LoadedReader {
  package func showGroup(_ number: Int?) {
    guard number != group || reportsOf != nil, let contents else { return }
    guard number.map({ contents.groups.indices.contains($0) }) ?? true else { return }
    group = number
    reportsOf = nil
    showMatches(scrollingToSelection: true)
  }

  package func showGroup(id: String, name: String) {
    guard let number = groups.indices.first(where: { groups[$0].id == id }) else { return }
    showGroup(number)
  }

  /// Shows the direct reports of the person `identity` (named `name` in
  /// the subtitle), searched, filtered and sorted as everyone is.
  package func showReports(of identity: String, name: String) {
    guard contents != nil else { return }
    group = nil
    reportsOf = (identity, name)
    showMatches(scrollingToSelection: true)
  }

  /// The directory's groups (none before it loads).
  package var groups: DirectoryGroups { contents?.groups ?? DirectoryGroups() }
}
