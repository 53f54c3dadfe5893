import ArgumentParser
import Directory
import RosterArguments
import RosterKit

/// The server and the people a command that turns something of theirs on
/// or off takes: `--source`, the server's options, the usernames.
struct ServerPeopleArguments: ParsableArguments {
  @Option(name: .long, help: "The directory server (ldap://…, ldaps://…, scim+https://…).")
  var source: String

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Argument(help: "The people's usernames.")
  var usernames: [String] = []

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError(
        "--source takes a directory server's URL (ldap://…, ldaps://…, scim+https://…)")
    }
    guard !usernames.isEmpty else { throw ValidationError("give at least one username") }
  }
}

/// Turns something of each person's on or off on a directory server, one
/// person after another (`roster disable`, `roster group add`, …): one
/// line on standard error for each already so; exit status 3 when someone
/// changed it meanwhile, 1 when the server refuses (its reason is
/// printed). The people before stay changed.
///
/// Threading: `run` blocks the calling thread while a task talks to the
/// server (``ServerTask``).
struct ServerSwitch {
  let command: String
  let people: ServerPeopleArguments
  /// What is said after a username already so ("account already was on").
  let already: String
  /// The group the change is of, for a command that changes one.
  var group: String?

  func run(
    _ change:
      @escaping @Sendable (any EditableDirectory, String) async throws(DirectoryError)
      -> SwitchOutcome
  ) throws {
    let conflict = Meanwhile()
    try ServerTask.run(command, source: people.source, options: people.server.options) {
      [command, already, group, usernames = people.usernames] directory throws(DirectoryError) in
      guard let editable = directory as? any EditableDirectory else {
        return "Roster cannot change people on \(directory.location)"
      }
      for username in usernames {
        switch try await change(editable, username) {
        case .changed(let logFailure?):
          LocalDirectory.warn(
            "\(username) was changed, but not written to the change log: \(logFailure)",
            command: command)
        case .changed(nil):
          break
        case .alreadySo:
          LocalDirectory.warn("\(username): \(already)", command: command)
        case .changedMeanwhile:
          conflict.username = username
          return nil
        case .refused(let reason):
          return "the directory server refused the change for \(username): \(reason)"
        case .noSuchPerson:
          return "no one in the directory has the username “\(username)”"
        case .noSuchGroup:
          return "the directory has no group named “\(group ?? "")”"
        }
      }
      return nil
    }
    guard let username = conflict.username else { return }
    LocalDirectory.warn(
      "someone changed \(username) since it was read: nothing was written for them",
      command: command)
    throw ExitCode(ServerEdit.conflictStatus)
  }
}

/// Where the server's task leaves the person changed meanwhile.
private final class Meanwhile: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var username: String?
}
