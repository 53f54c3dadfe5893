import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// The view of a directory a command works on, as `roster list` and
/// `roster export` name it: the source, the filter and the order, and
/// everyone, a group's people or a manager's reports.
struct ViewOptions: ParsableArguments {
  @Option(
    name: .long,
    help: """
      A users.json path or http(s) URL (default: the embedded directory), a CSV (.csv, .tsv) \
      or vCard (.vcf, .vcard) file, an LDAP URL (ldap[s]://host:port/base??one?filter) or a \
      SCIM 2.0 service (scim+https://host/scim/v2).
      """)
  var source: String?

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Option(name: .long, help: "Only the people this filter matches.")
  var filter: String?

  @Option(name: .long, help: "The order: FIELD[:desc],... (default: username).")
  var sort: String?

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

  func validate() throws {
    if let filter {
      do { _ = try PersonFilter(parsing: filter) } catch {
        throw ValidationError("--filter: \(error)")
      }
    }
    if let sort {
      do { _ = try PersonSort(parsing: sort) } catch { throw ValidationError("--sort: \(error)") }
    }
    if allLevels, reportsTo == nil, group == nil {
      throw ValidationError("--all-levels goes with --reports-to or --group")
    }
    if reportsTo != nil, group != nil {
      throw ValidationError("--reports-to and --group do not go together")
    }
  }

  /// Whether the source is a directory server rather than a users.json.
  var isServer: Bool { source.map(ServerOptions.isServerURL) ?? false }

  /// The filter, parsed (validated).
  func parsedFilter() throws -> PersonFilter? { try filter.map { try PersonFilter(parsing: $0) } }

  /// The order, parsed (validated); nil when none was given.
  func parsedSort() throws -> PersonSort? { try sort.map { try PersonSort(parsing: $0) } }

  /// Who a server command reads.
  var serverSelection: ServerListing.Selection {
    if let group { return .group(group, allLevels: allLevels) }
    if let reportsTo { return .reports(to: reportsTo, allLevels: allLevels) }
    return .everyone
  }

  /// The positions in `contents` of the people of the view, in its order
  /// (by username unless sorted otherwise), at most `limit`; a failure for
  /// `command` when the group or manager is not in the directory. With a
  /// `search`, only those it finds, as the window's search finds them:
  /// the exact matches in the order, then those matched with a typo.
  func positions(
    in contents: DirectoryContents, search: String? = nil, limit: Int? = nil, for command: String
  ) throws -> [Int] {
    let table = contents.viewModels
    var candidates: [Int]?
    if let reportsTo {
      let manager = try LocalDirectory.person(reportsTo, in: table, for: command)
      candidates = allLevels ? table.allReports(of: manager) : table.directReports(of: manager)
    } else if let group {
      let number = LocalDirectory.group(group, in: contents.groups, for: command)
      candidates = contents.groups.members(of: number, allLevels: allLevels)
    }
    let query = PeopleQuery(
      filter: try parsedFilter(), sort: try parsedSort() ?? PersonSort([.init(.username)]),
      limit: limit)
    guard let search else { return query.positions(in: table, among: candidates) }
    let index = SearchIndex(table, region: .ofThisProcess)
    let found = index.rankedMatches(search, within: candidates?.sorted(), isCancelled: { false })
    let exact = query.positions(in: table, among: found?.exact ?? [])
    let near = query.positions(in: table, among: found?.near ?? [])
    return Array((exact + near).prefix(limit ?? .max))
  }
}
