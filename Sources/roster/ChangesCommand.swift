import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster changes`: what changed in a directory server's people, read
/// from the history kept beside its offline copy on this machine
/// (``ChangeHistory``), newest first, one change a line
/// (``ChangeListing``). The server is asked nothing when the options name
/// the copy's folder alone; otherwise it is asked what it says of itself
/// (its base DN, its schema), as the window does before it opens a copy.
struct ChangesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "changes",
    abstract: "Print who joined, left, moved or changed title in a server's offline copy.",
    discussion: """
      Reads the change history Roster keeps beside a directory server's offline copy (made \
      by opening the server in Roster's window). Newest first: date (UTC), kind (joined, \
      left, moved, title), username, name, field, old and new value. Exit status 1 when the \
      source has no offline copy on this machine.
      """)

  @Option(name: .long, help: "The LDAP server whose offline copy to read (ldap://…, ldaps://…).")
  var source: String

  @Option(
    name: .long,
    help: "How far back: Nh, Nd or Nw (hours, days, weeks before now) or a day, YYYY-MM-DD.")
  var since = "7d"

  @Option(name: .long, help: "tsv (the default, with a header) or jsonl.")
  var format: String = PeopleListing.Format.tsv.rawValue

  @Option(
    name: .long,
    help: "Only the changes of the people the server lists in the group with this name (or id).")
  var group: String?

  @Option(
    name: .long,
    help: "Only the changes of the people who report to the person with this username.")
  var reportsTo: String?

  @Flag(
    name: .long,
    help:
      "With --group, the people of the groups inside it too; with --reports-to, everyone under them."
  )
  var allLevels = false

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError("--source takes a directory server's URL (ldap://…, ldaps://…)")
    }
    _ = try listingFormat()
    if group != nil, reportsTo != nil {
      throw ValidationError("--group and --reports-to go one at a time")
    }
    if allLevels, group == nil, reportsTo == nil {
      throw ValidationError("--all-levels goes with --group or --reports-to")
    }
    guard ChangeSince.seconds(since, now: 0) != nil else {
      throw ValidationError("--since takes Nh, Nd, Nw or a day (YYYY-MM-DD), not “\(since)”")
    }
  }

  func run() throws {
    let listing = ChangeListing(format: try listingFormat())
    guard let folder = try copyFolder() else {
      LocalDirectory.warn(
        "there is no offline copy of \(source) on this machine: open it in Roster's window "
          + "to make one", command: "changes")
      throw ExitCode.failure
    }
    let now = Date()
    let from = ChangeSince.seconds(since, now: Int64(now.timeIntervalSince1970)) ?? 0
    let changes: [PersonChange]
    do {
      changes = try ChangeHistory.changes(in: folder, now: now) ?? []
    } catch {
      LocalDirectory.warn(error.description, command: "changes")
      throw ExitCode.failure
    }
    let people = try selectedUsernames()
    if let header = listing.header { print(header) }
    for change in changes where change.seconds >= from {
      if let people, !people.contains(change.username) { continue }
      print(listing.line(change))
    }
  }

  /// The usernames of the people `--group` or `--reports-to` name, as the
  /// server lists them now (nil: everyone's changes). A person who left
  /// is no longer among them.
  private func selectedUsernames() throws -> Set<String>? {
    let selection: ServerListing.Selection
    if let group {
      selection = .group(group, allLevels: allLevels)
    } else if let reportsTo {
      selection = .reports(to: reportsTo, allLevels: allLevels)
    } else {
      return nil
    }
    let found = FoundPeople()
    try ServerTask.run("changes", source: source, options: server.options) {
      directory throws(DirectoryError) in
      let organised = try ServerTask.organised(directory)
      switch try await SelectionUsernames(directory: organised).read(selection) {
      case .success(let usernames):
        found.usernames = usernames
        return nil
      case .failure(let refusal):
        return refusal.sentence
      }
    }
    return found.usernames
  }

  /// The folder of the source's copy, when there is one: named from the
  /// options alone, else from what the server says of itself.
  private func copyFolder() throws -> URL? {
    let options = server.options
    if let directory = try? options.directory(url: source),
      let folder = OfflineCopyFolder.folder(for: directory), ReplicaStore.holdsCopy(folder: folder)
    {
      return folder
    }
    let found = FoundFolder()
    try ServerTask.run("changes", source: source, options: options) { directory in
      found.folder = OfflineCopyFolder.folder(for: directory)
      return nil
    }
    return found.folder.flatMap { ReplicaStore.holdsCopy(folder: $0) ? $0 : nil }
  }

  private func listingFormat() throws -> PeopleListing.Format {
    guard let format = PeopleListing.Format(rawValue: format) else {
      throw ValidationError("--format takes tsv or jsonl")
    }
    return format
  }
}

/// Where the server's task leaves the people a selection holds.
private final class FoundPeople: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var usernames: Set<String> = []
}

/// Where the server's task leaves the folder it named for the command.
private final class FoundFolder: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var folder: URL?
}
