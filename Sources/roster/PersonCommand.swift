import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster person`: one person of a users.json source or a directory server
/// (``ServerPerson``) and their managers up
/// to the top of the organisation, nearest first, printed as `roster list`
/// prints people, then the groups they are in as `roster list --groups`
/// prints groups (after a blank line in TSV); how the chain ends, when not
/// at the top (a manager the directory does not hold, a chain that comes
/// round again), goes to standard error.
struct PersonCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "person",
    abstract: "Print a person and their managers up to the top, one a line, then their groups.")

  @OptionGroup var sourceOption: PeopleSourceOption
  /// The people's source (nil: the embedded directory).
  var source: String? { sourceOption.source }

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @OptionGroup var output: ListingOptions

  @Argument(help: "The person's username.")
  var username: String

  func run() throws {
    let listing = try output.listing()
    if let source, ServerOptions.isServerURL(source) {
      return try ServerPerson(listing: listing).run(
        username, source: source, options: server.options)
    }
    let contents = try LocalDirectory.load(source, for: "person")
    let person = try LocalDirectory.person(username, in: contents.viewModels, for: "person")
    Self.print(person, in: contents, listing: listing, command: "person")
  }

  /// Prints the person at `person` of `contents`, their managers and
  /// their groups, for `command`'s messages.
  static func print(
    _ person: Int, in contents: DirectoryContents, listing: PeopleListing, command: String
  ) {
    let table = contents.viewModels
    let chain = table.managerChain(of: person)
    if let header = listing.header { Swift.print(header) }
    for index in [person] + chain.managers { Swift.print(listing.line(table, at: index)) }
    switch chain.end {
    case .top: break
    case .unknownManager(let identity):
      let last = chain.managers.last ?? person
      LocalDirectory.warn(
        "\(table.username(at: last))'s manager “\(identity)” is not in the directory",
        command: command)
    case .cycle(let repeated):
      LocalDirectory.warn(
        "the managers come round to \(table.username(at: repeated)) again; the chain stops there",
        command: command)
    }
    let groups = contents.groups.groups(containing: person)
    guard !groups.isEmpty else { return }
    let groupListing = GroupListing(format: listing.format)
    if let header = groupListing.header { Swift.print("\n" + header) }
    for number in groups { Swift.print(groupListing.line(contents.groups[number])) }
  }
}
