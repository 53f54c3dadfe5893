import ArgumentParser
import Directory
import Foundation
import RosterArguments
import RosterKit

/// `roster list`: the people of a users.json source, filtered and sorted as
/// the window does it, or of a directory server, filtered and sorted by the
/// server through the same query the window sends (``ServerListing``),
/// printed for scripts.
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

  @Flag(name: .customLong("all-levels"), help: "With --reports-to: everyone under them.")
  var allLevels = false

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
    if allLevels, reportsTo == nil { throw ValidationError("--all-levels goes with --reports-to") }
    if reportsTo != nil, let source, ServerOptions.isServerURL(source) {
      throw ValidationError("--reports-to reads users.json sources (not yet directory servers)")
    }
  }

  func run() throws {
    let filter = try filter.map { try PersonFilter(parsing: $0) }
    let sort = try sort.map { try PersonSort(parsing: $0) }
    let listing = try output.listing()
    if let source, ServerOptions.isServerURL(source) {
      return try ServerListing(listing: listing, limit: limit).run(
        source: source, options: server.options, filter: filter, sort: sort)
    }
    let query = PeopleQuery(
      filter: filter, sort: sort ?? PersonSort([.init(.username)]), limit: limit)
    let table = try LocalDirectory.load(source, for: "list")
    var candidates: [Int]?
    if let reportsTo {
      let manager = try LocalDirectory.person(reportsTo, in: table, for: "list")
      candidates = allLevels ? table.allReports(of: manager) : table.directReports(of: manager)
    }
    if let header = listing.header { print(header) }
    for index in query.positions(in: table, among: candidates) {
      print(listing.line(table, at: index))
    }
  }
}
