import Directory
import FoundationEssentials

/// What the person page shows of one person: the person, their managers
/// up to the top of the organisation and how that chain ends, their
/// direct reports and the groups they are in, gathered off the main
/// thread in one go (the first look-up of a large directory indexes its
/// managers and groups).
///
/// Threading: a plain value; `Sendable`.
package struct PersonFacts: Sendable {
  /// A person named on the page: a link to their own page.
  package struct Link: Sendable, Equatable {
    package var identity: String
    package var name: String
  }

  /// A group named on the page: a link to its people.
  package struct GroupLink: Sendable, Equatable {
    /// The group's identity (stable across refreshes).
    package var id: String
    package var name: String
    package var people: Int?
  }

  /// How the chain of managers ends.
  package enum ChainEnd: Sendable, Equatable {
    /// At someone without a manager.
    case top
    /// At a manager the directory does not hold (as it names them).
    case unknownManager(String)
    /// At someone already in the chain: it comes round.
    case cycle(Link)
    /// After ``Directory/ServerManagerChain/maxDepth`` managers (a server's chain).
    case tooLong
  }

  /// A person's direct reports.
  package enum Reports: Sendable {
    /// A local directory's rows, shown on the page.
    case people([UserRef])
    /// How many a server holds (nil: not known), shown in the list on asking.
    case count(Int?)
  }

  package var person: UserViewModel
  /// Their managers, the nearest first.
  package var managers: [Link]
  package var chainEnd: ChainEnd
  /// Their direct reports.
  package var reports: Reports
  package var groups: [GroupLink]
  /// What the copy's history kept of them (``ChangeHistory``), newest
  /// first; none outside an offline copy.
  package var history: [PersonChange] = []

  /// The facts of person `position` of `table`, in a directory with `groups`.
  package static func local(position: Int, in table: UserTable, groups: DirectoryGroups)
    -> PersonFacts
  {
    let link = { (position: Int) in
      Link(identity: table[position].identity, name: table[position].displayName)
    }
    let chain = table.managerChain(of: position)
    let end: ChainEnd =
      switch chain.end {
      case .top: .top
      case .unknownManager(let identity): .unknownManager(identity)
      case .cycle(let repeated): .cycle(link(repeated))
      }
    return PersonFacts(
      person: table[position], managers: chain.managers.map(link), chainEnd: end,
      reports: .people(table.directReports(of: position).map { UserRef(table: table, index: $0) }),
      groups: groups.groups(containing: position).map {
        GroupLink(id: groups[$0].id, name: groups[$0].name, people: groups[$0].members.count)
      })
  }

  /// The facts of the server's entry `person`: the chain, the groups and
  /// the count of reports asked of `directory` at once, off the main
  /// thread; a question the server fails leaves its part empty.
  package static func server(_ person: DirectoryEntry, in directory: any OrganisedDirectory) async
    -> PersonFacts
  {
    async let chain = try? directory.managerChain(of: person)
    async let groups = try? directory.groups(of: person.id)
    async let reports = try? directory.reports(to: person.id).rows(0..<1).count
    let link = { (entry: DirectoryEntry) in
      Link(identity: entry.id, name: UserViewModel(entry: entry).displayName)
    }
    let found = await chain
    let end: ChainEnd =
      switch found?.end {
      case .top, nil: .top
      case .unknownManager(let identity): .unknownManager(identity)
      case .cycle(let repeated): .cycle(link(repeated))
      case .tooLong: .tooLong
      }
    return PersonFacts(
      person: UserViewModel(entry: person), managers: (found?.managers ?? []).map(link),
      chainEnd: end, reports: .count(await reports),
      groups: (await groups ?? []).map {
        GroupLink(id: $0.id, name: $0.name, people: $0.memberCount)
      })
  }

  /// These facts with what the history in `folder` kept of the person,
  /// when it is an offline copy's (``PersonHistories``, which may read
  /// the disk): off the main thread.
  func withHistory(in folder: URL, from histories: PersonHistories) -> PersonFacts {
    var facts = self
    facts.history = histories.changes(of: person.identity, in: folder)
    return facts
  }

  /// The facts of the server's entry `identity`; nil when it does not exist.
  package static func server(identity: String, in directory: any OrganisedDirectory) async
    -> PersonFacts?
  {
    guard let person = try? await directory.person(identity: identity) else {
      return nil
    }
    return await server(person, in: directory)
  }
}

extension PersonFacts {
  /// Whether `other` shows the same on the page: the person, their chain,
  /// their reports and their groups (a directory changed elsewhere leaves
  /// a shown person's page alone).
  package func showsSame(as other: PersonFacts) -> Bool {
    guard person == other.person, managers == other.managers, chainEnd == other.chainEnd,
      groups == other.groups, history == other.history
    else { return false }
    switch (reports, other.reports) {
    case (.people(let mine), .people(let theirs)): return mine == theirs
    case (.count(let mine), .count(let theirs)): return mine == theirs
    default: return false
    }
  }
}
