import ArgumentParser
import Directory
import RosterArguments

/// `roster group add|remove`: puts people in a group on a directory server
/// or takes them out (``EditableDirectory/setMember(_:username:group:)``,
/// ``ServerSwitch``).
struct GroupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "group",
    abstract: "Put people in a group on a directory server, or take them out.",
    subcommands: [GroupAddCommand.self, GroupRemoveCommand.self])
}

/// `roster group add`.
struct GroupAddCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Put people in a group.", discussion: membership)

  @Argument(help: "The group's name (or DN).") var group: String
  @OptionGroup var people: ServerPeopleArguments

  func run() throws {
    try ServerSwitch(
      command: "group add", people: people, already: "already was in \(group)", group: group
    )
    .run { [group] directory, username throws(DirectoryError) in
      try await directory.setMember(true, username: username, group: group)
    }
  }
}

/// `roster group remove`.
struct GroupRemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Take people out of a group.", discussion: membership)

  @Argument(help: "The group's name (or DN).") var group: String
  @OptionGroup var people: ServerPeopleArguments

  func run() throws {
    try ServerSwitch(
      command: "group remove", people: people, already: "was not in \(group)", group: group
    )
    .run { [group] directory, username throws(DirectoryError) in
      try await directory.setMember(false, username: username, group: group)
    }
  }
}

/// What `roster group add` and `remove` say they do.
private let membership = """
  Each person's DN is put in or taken out of the group's member (or uniqueMember) values, \
  their username of a POSIX group's memberUid; the group's other members stay as they are, \
  and are not read. Each change is appended to $XDG_DATA_HOME/roster/changes.ldif (see \
  roster edits). Exit status 3 when someone made or undid the same change meanwhile, 1 \
  when the server refuses (its reason is printed).
  """
