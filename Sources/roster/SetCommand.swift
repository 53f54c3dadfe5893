import ArgumentParser
import Directory
import FoundationEssentials
import RosterArguments
import RosterKit

/// `roster set`: changes a person's fields on a directory server, each
/// only if it still holds what the caller saw (`--if`, else what it holds
/// when the command reads it first), so no one else's change is lost
/// (``ServerEdit``). A conflict writes nothing and ends with status 3.
struct SetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set",
    abstract: "Change a person's fields on a directory server, unless someone changed them first.",
    discussion: """
      Each FIELD=VALUE sets a field (\(EditableField.names.joined(separator: ", "))); give a \
      field twice for two values, FIELD= to empty it; manager takes a username. --if FIELD=VALUE gives the value you saw \
      (FIELD= for none); without it the value is read first. The server applies the change \
      only if every field still holds what was seen. Each change is appended to \
      $XDG_DATA_HOME/roster/changes.ldif (changes.scim.jsonl for a SCIM service; see roster \
      edits). Exit status 3 when someone changed \
      a field since (nothing is written; the server's value is printed beside yours), 1 when \
      the server refuses (its reason is printed).
      """)

  @Option(name: .long, help: "The directory server (ldap://…, ldaps://…, scim+https://…).")
  var source: String

  @OptionGroup(title: "Directory servers") var server: ServerArguments

  @Option(
    name: .customLong("if"),
    help: ArgumentHelp("A field's value as you saw it (repeat for more).", valueName: "FIELD=VALUE")
  )
  var seen: [String] = []

  @Argument(help: "The person's username.")
  var username: String

  @Argument(help: ArgumentHelp("The fields to set.", valueName: "FIELD=VALUE"))
  var assignments: [String] = []

  func validate() throws {
    guard ServerOptions.isServerURL(source) else {
      throw ValidationError(
        "--source takes a directory server's URL (ldap://…, ldaps://…, scim+https://…)")
    }
    guard !assignments.isEmpty else { throw ValidationError("give at least one FIELD=VALUE") }
    let new = try FieldValues(assignments)
    let seen = try FieldValues(self.seen)
    if let extra = seen.fields.first(where: { !new.fields.contains($0) }) {
      throw ValidationError("--if \(extra.rawValue) names a field that is not being set")
    }
  }

  func run() throws {
    let new = try FieldValues(assignments)
    let seen = try FieldValues(self.seen)
    try ServerEdit(username: username, new: new, seen: seen).run(
      source: source, options: server.options)
  }
}
