import ArgumentParser
import Directory
import Glibc
import RosterArguments
import RosterKit
import SharedSupport

/// `roster delete`: deletes people from a directory server
/// (``AccountAdministration/delete(username:)``), after asking on a
/// terminal (or with `--yes`), each entry kept whole in the change log
/// first so that `ldapadd` can bring it back.
struct DeleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete people from a directory server, keeping their entries in the change log.",
    discussion: """
      Asks “Delete N people? [y/N]” on a terminal; --yes deletes without asking (standard \
      input not a terminal needs it). Before each delete, the entry as read (its password \
      left out) is appended to $XDG_DATA_HOME/roster/changes.ldif as “# entry: ” comment \
      lines, which `sed -n 's/^# entry: //p'` turns into what ldapadd adds back, then a \
      changetype: delete record. Where the server lists the Assertion control (OpenLDAP), \
      the entry is deleted only if it is still as read (its entryCSN); exit status 3 when it \
      moved. Elsewhere it is deleted as read just before. Exit status 1 when the server \
      refuses (its reason is printed); the people before stay deleted.
      """)

  @OptionGroup var people: ServerPeopleArguments

  @Flag(name: .long, help: "Delete without asking.")
  var yes = false

  func run() throws {
    if !yes {
      guard isatty(0) == 1 else {
        throw ValidationError("standard input is not a terminal to ask on: give --yes to delete")
      }
      let count = people.usernames.count
      StandardError.write("Delete \(count == 1 ? "1 person" : "\(count) people")? [y/N] ")
      let answer = readLine(strippingNewline: true)?.lowercased() ?? ""
      guard answer == "y" || answer == "yes" else {
        StandardError.write("roster delete: nothing was deleted\n")
        throw ExitCode.failure
      }
    }
    let moved = Moved()
    try ServerTask.run("delete", source: people.source, options: people.server.options) {
      [usernames = people.usernames] directory throws(DirectoryError) in
      guard let administered = directory as? any AccountAdministration else {
        return "Roster cannot delete people on \(directory.location)"
      }
      for username in usernames {
        switch try await administered.delete(username: username) {
        case .done:
          break
        case .changedMeanwhile:
          moved.username = username
          return nil
        case .refused(let reason):
          return "the directory server refused to delete \(username): \(reason)"
        case .noSuchPerson:
          return "no one in the directory has the username “\(username)”"
        case .missing:
          return "the directory server did not delete \(username)"
        }
      }
      return nil
    }
    guard let username = moved.username else { return }
    LocalDirectory.warn(
      "someone changed \(username) since it was read: they were not deleted", command: "delete")
    throw ExitCode(ServerEdit.conflictStatus)
  }
}

/// Where the server's task leaves the person changed meanwhile.
private final class Moved: @unchecked Sendable {
  /// Written once by the task before it ends; read after the wait.
  var username: String?
}
