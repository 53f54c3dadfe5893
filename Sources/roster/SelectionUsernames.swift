import Directory

/// The usernames of the people a server's selection holds now (a group's
/// people, a manager's reports, at one level or all of them), read a
/// window at a time: what `roster changes --group` and `--reports-to`
/// narrow the history to, as the history names people by the server's
/// identity and a username (an LDAP copy's managers are DNs, which its
/// people's identities do not match).
///
/// Threading: a value; its reads run on the caller's task.
struct SelectionUsernames {
  let directory: any OrganisedDirectory

  /// The usernames of `selection`'s people, or the sentence that says why
  /// there are none (no such group or manager).
  func read(_ selection: ServerListing.Selection) async throws(DirectoryError) -> Result<
    Set<String>, Refusal
  > {
    switch selection {
    case .everyone:
      return .success([])
    case .group(let name, let allLevels):
      guard let group = try await directory.group(named: name) else {
        return .failure(Refusal(sentence: "the directory has no group named “\(name)”"))
      }
      var usernames = Set<String>()
      var groups = [group]
      var seen: Set<String> = [group.id]
      while !groups.isEmpty {
        let next = groups.removeFirst()
        for entry in try await Self.entries(of: directory.members(of: next)) {
          usernames.insert(entry.username)
        }
        guard allLevels else { break }
        for inner in try await directory.subgroups(of: next) where seen.insert(inner.id).inserted {
          groups.append(inner)
        }
      }
      return .success(usernames)
    case .reports(let username, let allLevels):
      guard let manager = try await directory.person(username: username) else {
        return .failure(
          Refusal(sentence: "no one in the directory has the username “\(username)”"))
      }
      var usernames = Set<String>()
      var managers = [manager.id]
      var seen: Set<String> = [manager.id]
      while !managers.isEmpty {
        for entry in try await Self.entries(of: directory.reports(to: managers.removeFirst())) {
          usernames.insert(entry.username)
          if allLevels, seen.insert(entry.id).inserted { managers.append(entry.id) }
        }
      }
      return .success(usernames)
    }
  }

  /// Why a selection holds nobody: a sentence for standard error.
  ///
  /// Threading: a plain value; `Sendable`.
  struct Refusal: Error {
    let sentence: String
  }

  /// Every entry of `people`, read a window at a time.
  private static func entries(of people: any RangedDirectory) async throws(DirectoryError)
    -> [DirectoryEntry]
  {
    var entries: [DirectoryEntry] = []
    while true {
      let window = try await people.rows(entries.count..<(entries.count + PeopleListing.rangeSize))
      entries += window.entries
      if window.entries.isEmpty || (window.isCountFinal && entries.count >= window.count) {
        return entries
      }
    }
  }
}
