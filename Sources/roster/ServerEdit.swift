import ArgumentParser
import Directory
import FoundationEssentials
import RosterKit

/// `roster set` against a directory server: reads what the fields without
/// `--if` hold, sends the change with every field's seen values
/// (``EditableDirectory/change(_:)``) and says how it ended. A conflict
/// prints, for each field, the server's value beside the requested one and
/// ends with status 3; a refusal prints the server's reason and ends with 1.
///
/// Threading: `run` blocks the calling thread while a task talks to the
/// server (``ServerTask``).
struct ServerEdit {
  /// The exit status of a conflict.
  static let conflictStatus: Int32 = 3

  var username: String
  var new: FieldValues
  var seen: FieldValues

  func run(source: String, options: ServerOptions) throws {
    let ended = Ended()
    try ServerTask.run("set", source: source, options: options) {
      [username, new, seen] directory throws(DirectoryError) in
      guard let editable = directory as? any EditableDirectory else {
        return "Roster cannot change people on \(directory.location)"
      }
      var known = seen.values
      let unread = new.fields.filter { known[$0] == nil }
      if !unread.isEmpty {
        guard let current = try await editable.values(of: username, fields: unread) else {
          return "no one in the directory has the username “\(username)”"
        }
        known.merge(current) { given, _ in given }
      }
      let edit = PersonEdit(
        username: username,
        changes: new.fields.map { field in
          PersonEdit.Change(field: field, seen: known[field] ?? [], new: new.values[field] ?? [])
        })
      switch try await editable.change(edit) {
      case .applied(let logFailure):
        if let logFailure {
          LocalDirectory.warn(
            "the change was made, but not written to the change log: \(logFailure)",
            command: "set")
        }
        return nil
      case .conflict(let conflicts):
        ended.conflicts = conflicts
        return nil
      case .refused(let reason):
        return "the directory server refused the change: \(reason)"
      case .noSuchPerson:
        return "no one in the directory has the username “\(username)”"
      }
    }
    guard !ended.conflicts.isEmpty else { return }
    for conflict in ended.conflicts {
      LocalDirectory.warn(
        "someone changed \(conflict.field.rawValue) since it was read: the directory has "
          + "\(Self.quoted(conflict.current)), you asked for \(Self.quoted(conflict.requested)) "
          + "(you saw \(Self.quoted(conflict.seen)))", command: "set")
    }
    LocalDirectory.warn("nothing was written", command: "set")
    throw ExitCode(Self.conflictStatus)
  }

  /// Values as a sentence shows them: “a”, “b”, or “nothing”.
  static func quoted(_ values: [String]) -> String {
    values.isEmpty ? "nothing" : values.map { "“\($0)”" }.joined(separator: ", ")
  }
}

/// Where the server's task leaves a conflict for the waiting command.
private final class Ended: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var conflicts: [EditOutcome.Conflict] = []
}
