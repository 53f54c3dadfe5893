import ArgumentParser
import Directory
import RosterArguments

/// `roster disable`: turns people's accounts off on a directory server
/// (``EditableDirectory/setActive(_:username:)``, ``ServerSwitch``).
struct DisableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "disable",
    abstract: "Turn people's accounts off on a directory server.",
    discussion: accounts)

  @OptionGroup var people: ServerPeopleArguments

  func run() throws {
    try ServerSwitch(command: "disable", people: people, already: "account already was off")
      .run { directory, username throws(DirectoryError) in
        try await directory.setActive(false, username: username)
      }
  }
}

/// `roster enable`: turns people's accounts on again (``DisableCommand``).
struct EnableCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "enable",
    abstract: "Turn people's accounts on again on a directory server.",
    discussion: accounts)

  @OptionGroup var people: ServerPeopleArguments

  func run() throws {
    try ServerSwitch(command: "enable", people: people, already: "account already was on")
      .run { directory, username throws(DirectoryError) in
        try await directory.setActive(true, username: username)
      }
  }
}

/// What `roster disable` and `roster enable` say they do.
private let accounts = """
  Active Directory's accounts get or lose the ACCOUNTDISABLE flag of userAccountControl; \
  389 Directory Server's and FreeIPA's get nsAccountLock: TRUE, or lose it. Each change \
  is appended to $XDG_DATA_HOME/roster/changes.ldif (see roster edits). Exit status 3 \
  when someone changed an account since it was read (nothing is written for that person), \
  1 when the server refuses (its reason is printed).
  """
