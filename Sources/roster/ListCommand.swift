import ArgumentParser
import Directory
import Foundation
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

  @Option(
    name: .long,
    help: """
      A users.json path or http(s) URL (default: the embedded directory), an LDAP URL \
      (ldap[s]://host:port/base??one?filter) or a SCIM 2.0 service (scim+https://host/scim/v2).
      """)
  var source: String?

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Option(name: .long, help: "Only the people this filter matches.")
  var filter: String?

  @Option(name: .long, help: "The order: FIELD[:desc],... (default: username).")
  var sort: String?

  @OptionGroup var output: ListingOptions

  @Option(name: .long, help: "At most this many people.")
  var limit: Int?

  @Option(
    name: .customLong("reports-to"),
    help: "Only the people reporting to the person with this username.")
  var reportsTo: String?

  @Option(name: .long, help: "Only the people in the group with this name (or id).")
  var group: String?

  @Flag(
    name: .customLong("all-levels"),
    help: """
      With --reports-to: everyone under them; with --group: the groups inside it too \
      (from a server: breadth-first, each level in --sort's order).
      """)
  var allLevels = false

  @Flag(name: .long, help: "The directory's groups instead of its people, with their sizes.")
  var groups = false

  func validate() throws {
    if let filter {
      do { _ = try PersonFilter(parsing: filter) } catch {
        throw ValidationError("--filter: \(error)")
      }
    }
    if let sort {
      do { _ = try PersonSort(parsing: sort) } catch { throw ValidationError("--sort: \(error)") }
    }
    if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more") }
    if allLevels, reportsTo == nil, group == nil {
      throw ValidationError("--all-levels goes with --reports-to or --group")
    }
    if reportsTo != nil, group != nil {
      throw ValidationError("--reports-to and --group do not go together")
    }
    if groups, reportsTo != nil || group != nil || filter != nil || sort != nil {
      throw ValidationError(
        "--groups lists every group: no --filter, --sort, --group or --reports-to")
    }
  }

  func run() throws {
    let filter = try filter.map { try PersonFilter(parsing: $0) }
    let sort = try sort.map { try PersonSort(parsing: $0) }
    let listing = try output.listing()
    if let source, ServerOptions.isServerURL(source) {
      if groups {
        return try ServerListing.groups(
          source: source, options: server.options, format: listing.format, limit: limit)
      }
      var selection = ServerListing.Selection.everyone
      if let group { selection = .group(group, allLevels: allLevels) }
      if let reportsTo { selection = .reports(to: reportsTo, allLevels: allLevels) }
      return try ServerListing(listing: listing, limit: limit).run(
        source: source, options: server.options, selection: selection, filter: filter, sort: sort)
    }
    let query = PeopleQuery(
      filter: filter, sort: sort ?? PersonSort([.init(.username)]), limit: limit)
    let contents = try LocalDirectory.load(source, for: "list")
    let table = contents.viewModels
    if groups { return listGroups(contents.groups, format: listing.format) }
    var candidates: [Int]?
    if let reportsTo {
      let manager = try LocalDirectory.person(reportsTo, in: table, for: "list")
      candidates = allLevels ? table.allReports(of: manager) : table.directReports(of: manager)
    } else if let group {
      let number = LocalDirectory.group(group, in: contents.groups, for: "list")
      candidates = contents.groups.members(of: number, allLevels: allLevels)
    }
    if let header = listing.header { print(header) }
    for index in query.positions(in: table, among: candidates) {
      print(listing.line(table, at: index))
    }
  }

  /// Every group, in the source's order, at most `limit`.
  private func listGroups(_ groups: DirectoryGroups, format: PeopleListing.Format) {
    let listing = GroupListing(format: format)
    if let header = listing.header { print(header) }
    for group in groups.prefix(limit ?? .max) { print(listing.line(group)) }
  }
}
