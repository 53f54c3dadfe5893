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

  @Option(
    name: .long,
    help:
      "The fields printed, comma-separated (default: \(PeopleListing.defaultColumns.map(\.rawValue).joined(separator: ",")))."
  )
  var columns: String?

  @Option(name: .long, help: "tsv (a header, then tab-separated values) or jsonl.")
  var format: String = "tsv"

  @Option(name: .long, help: "At most this many people.")
  var limit: Int?

  func validate() throws {
    if let filter {
      do { _ = try PersonFilter(parsing: filter) } catch {
        throw ValidationError("--filter: \(error)")
      }
    }
    if let sort {
      do { _ = try PersonSort(parsing: sort) } catch { throw ValidationError("--sort: \(error)") }
    }
    if let columns {
      do { _ = try PeopleListing.columns(parsing: columns) } catch {
        throw ValidationError("--columns: \(error)")
      }
    }
    guard PeopleListing.Format(rawValue: format) != nil else {
      throw ValidationError("--format takes tsv or jsonl")
    }
    if let limit, limit < 0 { throw ValidationError("--limit takes 0 or more") }
  }

  func run() throws {
    let filter = try filter.map { try PersonFilter(parsing: $0) }
    let sort = try sort.map { try PersonSort(parsing: $0) }
    let listing = PeopleListing(
      columns: try columns.map(PeopleListing.columns(parsing:)) ?? PeopleListing.defaultColumns,
      format: PeopleListing.Format(rawValue: format)!)
    if let source, ServerOptions.isServerURL(source) {
      return try ServerListing(listing: listing, limit: limit).run(
        source: source, options: server.options, filter: filter, sort: sort)
    }
    let resolved: DirectorySource
    switch MainActor.assumeIsolated({ RosterApplication.resolveSource(source) }) {
    case .success(let found): resolved = found
    case .failure(let error):
      throw ValidationError(
        "--source: \(error.localizedDescription) (roster list reads users.json files and URLs)")
    }
    let query = PeopleQuery(
      filter: filter, sort: sort ?? PersonSort([.init(.username)]), limit: limit)
    let table = try Self.load(resolved)
    if let header = listing.header { print(header) }
    for index in query.positions(in: table) { print(listing.line(table, at: index)) }
  }

  /// Reads `source` (the loader runs off the calling thread).
  private static func load(_ source: DirectorySource) throws -> UserTable {
    let done = DispatchSemaphore(value: 0)
    let result = LoadResult()
    Task.detached {
      do throws(DirectoryError) {
        result.value = .success(try await DirectoryLoader().load(source).viewModels)
      } catch {
        result.value = .failure(error)
      }
      done.signal()
    }
    done.wait()
    switch result.value! {
    case .success(let table): return table
    case .failure(let error):
      FileHandle.standardError.write(Data("roster list: \(error.localizedDescription)\n".utf8))
      throw ExitCode.failure
    }
  }
}

/// Where the loading task leaves its result for the waiting command.
private final class LoadResult: @unchecked Sendable {
  /// Written once by the task before it signals; read after the wait.
  var value: Result<UserTable, DirectoryError>?
}
