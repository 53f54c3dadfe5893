import Directory

/// The page's group: choosing one in the sidebar shows only its people
/// (its direct members), searched, filtered and sorted as everyone is
/// (``showMatches(keepingSelection:)`` narrows to them first, off the main
/// thread), with the group's name in the subtitle. A refresh keeps the
/// group with the same identity.
extension LocalDirectoryPage {
  package func showGroup(_ number: Int?) {
    guard number != group, let contents else { return }
    guard number.map({ contents.groups.indices.contains($0) }) ?? true else { return }
    group = number
    showMatches(keepingSelection: true)
  }

  /// The directory's groups (none before it loads).
  package var groups: DirectoryGroups { contents?.groups ?? DirectoryGroups() }
}
