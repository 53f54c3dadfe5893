import ArgumentParser
import Directory
import FoundationEssentials
import RosterKit

/// `roster list` for a directory server: the server opened as the window
/// opens it (``ServerOptions/directory(url:environment:)``, the password or
/// token from the environment or a file, never argv), narrowed and ordered
/// with ``RangedDirectory/querying(filter:sort:)`` and printed a window
/// at a time: everyone, a group's people, a manager's reports, or the
/// groups (``OrganisedDirectory``).
///
/// Threading: the commands block the calling thread while a task reads the
/// server (``ServerTask``).
struct ServerListing {
  /// Who is listed.
  enum Selection: Sendable {
    case everyone
    /// The people in the group named so (or with that identity); with the
    /// groups inside it too.
    case group(String, allLevels: Bool)
    /// The people reporting to the person with this username; with
    /// everyone under them too.
    case reports(to: String, allLevels: Bool)
  }

  var listing: PeopleListing
  var limit: Int?

  /// Prints the people of the server at `source` that `selection` and
  /// `filter` pick, in `sort`'s order (nil: by username); fails with the
  /// server's error. Across levels (`allLevels`) the order is breadth-first:
  /// each group's or manager's people in `sort`'s order, everyone once;
  /// a group's people on a server that answers for every level at once
  /// (Active Directory: ``OrganisedDirectory/everyMember(of:)``) in one
  /// order. A `search` of everyone is the server's own search
  /// (``RangedDirectory/searching(_:)``), as the window sends it.
  func run(
    source: String, options: ServerOptions, selection: Selection = .everyone,
    search: String? = nil, filter: PersonFilter?, sort: PersonSort?
  ) throws {
    try ServerTask.run("list", source: source, options: options) {
      [listing, limit] directory throws(DirectoryError) in
      var printer = Printer(listing: listing, remaining: limit ?? .max)
      if let header = listing.header { print(header) }
      switch selection {
      case .everyone:
        let searched = search.map { directory.searching($0) } ?? directory
        try await printer.write(searched.querying(filter: filter, sort: sort))
        return nil
      case .group(let name, let allLevels):
        let organised = try ServerTask.organised(directory)
        guard let group = try await organised.group(named: name) else {
          return "the directory has no group named “\(name)”"
        }
        if allLevels, let everyone = try await organised.everyMember(of: group) {
          // One query the server answers for every level, in sort's order.
          try await printer.write(everyone.querying(filter: filter, sort: sort))
          return nil
        }
        var groups = [group]
        var seenGroups: Set<String> = [group.id]
        while !groups.isEmpty, printer.remaining > 0 {
          let next = groups.removeFirst()
          try await printer.write(
            organised.members(of: next).querying(filter: filter, sort: sort))
          guard allLevels else { break }
          for inner in try await organised.subgroups(of: next)
          where seenGroups.insert(inner.id).inserted {
            groups.append(inner)
          }
        }
        return nil
      case .reports(let username, let allLevels):
        let organised = try ServerTask.organised(directory)
        guard let manager = try await organised.person(username: username) else {
          return "no one in the directory has the username “\(username)”"
        }
        var managers = [manager.id]
        var seen: Set<String> = [manager.id]
        while !managers.isEmpty, printer.remaining > 0 {
          let reports = organised.reports(to: managers.removeFirst())
          let found = try await printer.write(reports.querying(filter: filter, sort: sort))
          guard allLevels else { break }
          // Those the filter left out may manage people it does not.
          let everyone = filter == nil ? found : try await Self.identities(of: reports)
          for identity in everyone where seen.insert(identity).inserted {
            managers.append(identity)
          }
        }
        return nil
      }
    }
  }

  /// Prints the server's groups by name, at most `limit`.
  static func groups(
    source: String, options: ServerOptions, format: PeopleListing.Format, limit: Int?
  )
    throws
  {
    try ServerTask.run("list", source: source, options: options) {
      directory throws(DirectoryError) in
      let organised = try ServerTask.organised(directory)
      let listing = GroupListing(format: format)
      if let header = listing.header { print(header) }
      let wanted = limit ?? .max
      var next = 0
      while next < wanted {
        let window = try await organised.groups(
          next..<(next + min(PeopleListing.rangeSize, wanted - next)), matching: "")
        for group in window.groups { print(listing.line(group)) }
        next += window.groups.count
        if window.groups.isEmpty || next >= window.count { break }
      }
      return nil
    }
  }

  /// Every identity in `directory`, read a window at a time.
  private static func identities(of directory: any RangedDirectory) async throws(DirectoryError)
    -> [String]
  {
    var identities: [String] = []
    var next = 0
    while true {
      let window = try await directory.rows(next..<(next + PeopleListing.rangeSize))
      identities += window.entries.map(\.id)
      next += window.entries.count
      if window.entries.isEmpty || (window.isCountFinal && next >= window.count) {
        return identities
      }
    }
  }
}

/// Prints people a window at a time, each once, up to a number.
///
/// Threading: a value owned by one task.
private struct Printer {
  let listing: PeopleListing
  var remaining: Int
  var printed: Set<String> = []

  /// Prints the people of `directory` not printed yet, while any may be;
  /// returns the identities read.
  @discardableResult
  mutating func write(_ directory: any RangedDirectory) async throws(DirectoryError) -> [String] {
    var read: [String] = []
    var next = 0
    while remaining > 0 {
      let window = try await directory.rows(next..<(next + PeopleListing.rangeSize))
      for entry in window.entries {
        read.append(entry.id)
        guard remaining > 0, printed.insert(entry.id).inserted else { continue }
        print(listing.line(entry))
        remaining -= 1
      }
      next += window.entries.count
      if window.entries.isEmpty || (window.isCountFinal && next >= window.count) { break }
    }
    return read
  }
}
