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

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError("--source takes a directory server's URL (ldap://…, ldaps://…)")
    }
    _ = try listingFormat()
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
    if let header = listing.header { print(header) }
    for change in changes where change.seconds >= from { print(listing.line(change)) }
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

/// Where the server's task leaves the folder it named for the command.
private final class FoundFolder: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var folder: URL?
}
