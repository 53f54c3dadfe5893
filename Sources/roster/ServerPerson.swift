import Directory
import FoundationEssentials
import RosterKit

/// `roster person` for a directory server: the person by username, their
/// managers up to the top (``OrganisedDirectory/managerChain(of:maxDepth:)``,
/// each read by identity), then their groups, printed as for a users.json
/// source; how the chain ends, when not at the top, goes to standard error
/// in the same words.
///
/// Threading: `run` blocks the calling thread while a task reads the
/// server (``ServerTask``).
struct ServerPerson {
  var listing: PeopleListing

  func run(_ username: String, source: String, options: ServerOptions) throws {
    try ServerTask.run("person", source: source, options: options) {
      [listing] directory throws(DirectoryError) in
      let organised = try ServerTask.organised(directory)
      guard let person = try await organised.person(username: username) else {
        return "no one in the directory has the username “\(username)”"
      }
      try await Self.print(person, in: organised, listing: listing, command: "person")
      return nil
    }
  }

  /// Prints `person` of `organised`, their managers and their groups, for
  /// `command`'s messages.
  static func print(
    _ person: DirectoryEntry, in organised: any OrganisedDirectory, listing: PeopleListing,
    command: String
  ) async throws(DirectoryError) {
    let chain = try await organised.managerChain(of: person)
    if let header = listing.header { Swift.print(header) }
    for entry in [person] + chain.managers { Swift.print(listing.line(entry)) }
    switch chain.end {
    case .top: break
    case .unknownManager(let identity):
      let last = chain.managers.last ?? person
      LocalDirectory.warn(
        "\(last.username)'s manager “\(identity)” is not in the directory", command: command)
    case .cycle(let repeated):
      LocalDirectory.warn(
        "the managers come round to \(repeated.username) again; the chain stops there",
        command: command)
    case .tooLong:
      LocalDirectory.warn(
        "the chain stops after \(chain.managers.count) managers", command: command)
    }
    let groups = try await organised.groups(of: person.id)
    guard !groups.isEmpty else { return }
    let groupListing = GroupListing(format: listing.format)
    if let header = groupListing.header { Swift.print("\n" + header) }
    for group in groups { Swift.print(groupListing.line(group)) }
  }
}
