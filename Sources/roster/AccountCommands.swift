import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster disable`: turns people's accounts off on a directory server
/// (``AccountSwitch``).
struct DisableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "disable",
    abstract: "Turn people's accounts off on a directory server.",
    discussion: AccountSwitch.discussion)

  @OptionGroup var accounts: AccountSwitch

  func run() throws { try accounts.run(active: false, command: "disable") }
}

/// `roster enable`: turns people's accounts on again (``AccountSwitch``).
struct EnableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "enable",
    abstract: "Turn people's accounts on again on a directory server.",
    discussion: AccountSwitch.discussion)

  @OptionGroup var accounts: AccountSwitch

  func run() throws { try accounts.run(active: true, command: "enable") }
}

/// What `roster disable` and `roster enable` take and do: each person's
/// account changed the way the server marks accounts
/// (``EditableDirectory/setActive(_:username:)``), only if it is still as
/// it was read; one line on standard error for each that already was so.
/// Exit status 3 when someone changed an account meanwhile, 1 when the
/// server refuses (its reason is printed); the people before it stay
/// changed.
struct AccountSwitch: ParsableArguments {
  static let discussion = """
    Active Directory's accounts get or lose the ACCOUNTDISABLE flag of userAccountControl; \
    389 Directory Server's and FreeIPA's get nsAccountLock: TRUE, or lose it. Each change \
    is appended to $XDG_DATA_HOME/roster/changes.ldif (see roster edits). Exit status 3 \
    when someone changed an account since it was read (nothing is written for that person), \
    1 when the server refuses (its reason is printed).
    """

  @Option(name: .long, help: "The LDAP server (ldap://…, ldaps://…).")
  var source: String

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Argument(help: "The people's usernames.")
  var usernames: [String] = []

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError("--source takes a directory server's URL (ldap://…, ldaps://…)")
    }
    guard !usernames.isEmpty else { throw ValidationError("give at least one username") }
  }

  func run(active: Bool, command: String) throws {
    let conflict = Conflict()
    try ServerTask.run(command, source: source, options: server.options) {
      [usernames] directory throws(DirectoryError) in
      guard let editable = directory as? any EditableDirectory else {
        return "Roster cannot change people on \(directory.location)"
      }
      for username in usernames {
        switch try await editable.setActive(active, username: username) {
        case .changed(let logFailure?):
          LocalDirectory.warn(
            "\(username) was changed, but not written to the change log: \(logFailure)",
            command: command)
        case .changed(nil):
          break
        case .alreadySo:
          LocalDirectory.warn(
            "\(username)'s account already was \(active ? "on" : "off")", command: command)
        case .changedMeanwhile:
          conflict.username = username
          return nil
        case .refused(let reason):
          return "the directory server refused to change \(username): \(reason)"
        case .noSuchPerson:
          return "no one in the directory has the username “\(username)”"
        }
      }
      return nil
    }
    guard let username = conflict.username else { return }
    LocalDirectory.warn(
      "someone changed \(username)'s account since it was read: nothing was written for them",
      command: command)
    throw ExitCode(ServerEdit.conflictStatus)
  }
}

/// Where the server's task leaves the person whose account changed meanwhile.
private final class Conflict: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var username: String?
}
