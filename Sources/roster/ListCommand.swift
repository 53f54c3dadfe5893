import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster list`: the people of a users.json source, filtered and sorted as
/// the window does it, or of a directory server, filtered and sorted by the
/// server through the same query the window sends (``ServerListing``),
/// printed for scripts; everyone, a group's people, a manager's reports,
/// or the groups.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Print the people of a directory, filtered and sorted, one a line.",
    discussion: """
      Filters use SCIM's syntax over Roster's field names, e.g. \
      'department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)'. \
      Fields: \(PersonField.allCases.map(\.rawValue).joined(separator: ", ")).
      """)

  @OptionGroup var view: ViewOptions

  @OptionGroup var output: ListingOptions

  @Option(name: .long, help: "At most this many people.")
  var limit: Int?

  @Option(
    name: .long,
    help: """
      Only the people this search finds, as the window's search finds them: words in names, \
      usernames, emails and roles (case, accents, width and one typo in a word of five letters \
      set aside; matches with a typo after the others), or the end of a telephone number.
      """)
  var search: String?

  @Flag(name: .long, help: "The directory's groups instead of its people, with their sizes.")
  var groups = false

  func validate() throws {
    if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more") }
    if search != nil, view.isServer, view.group != nil || view.reportsTo != nil {
      throw ValidationError(
        "a server searches everyone: --search goes without --group or --reports-to")
    }
    if groups,
      view.reportsTo != nil || view.group != nil || view.filter != nil || view.sort != nil
        || search != nil
    {
      throw ValidationError(
        "--groups lists every group: no --filter, --search, --sort, --group or --reports-to")
    }
  }

  func run() throws {
    let listing = try output.listing()
    if let source = view.source, view.isServer {
      if groups {
        return try ServerListing.groups(
          source: source, options: view.server.options, format: listing.format, limit: limit)
      }
      return try ServerListing(listing: listing, limit: limit).run(
        source: source, options: view.server.options, selection: view.serverSelection,
        search: search, filter: try view.parsedFilter(), sort: try view.parsedSort())
    }
    let contents = try LocalDirectory.load(view.source, for: "list")
    if groups { return listGroups(contents.groups, format: listing.format) }
    let table = contents.viewModels
    let positions = try view.positions(in: contents, search: search, limit: limit, for: "list")
    if let header = listing.header { print(header) }
    for index in positions { print(listing.line(table, at: index)) }
  }

  /// Every group, in the source's order, at most `limit`.
  private func listGroups(_ groups: DirectoryGroups, format: PeopleListing.Format) {
    let listing = GroupListing(format: format)
    if let header = listing.header { print(header) }
    for group in groups.prefix(limit ?? .max) { print(listing.line(group)) }
  }
}
