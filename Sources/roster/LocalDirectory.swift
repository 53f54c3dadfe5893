import ArgumentParser
import Directory
import Dispatch
import FoundationEssentials
import RosterKit
import SharedSupport

/// A users.json, CSV or vCard source read whole for a command (`roster
/// list`, `roster person`), as the window reads it; failures go to standard
/// error, named for the command, with a failing exit.
///
/// Threading: `load` blocks the calling thread while a task reads the source.
enum LocalDirectory {
  /// The directory of `source` (nil: the embedded directory) for `command`.
  static func load(_ source: String?, for command: String) throws -> DirectoryContents {
    let resolved: DirectorySource
    switch MainActor.assumeIsolated({ RosterApplication.resolveSource(source) }) {
    case .success(let found): resolved = found
    case .failure(let error):
      throw ValidationError(
        "--source: \(error.sentence) (roster \(command) reads users.json files and URLs, and CSV and vCard files)"
      )
    }
    let done = DispatchSemaphore(value: 0)
    let result = LoadResult()
    Task.detached {
      do throws(DirectoryError) {
        result.value = .success(try await DirectoryLoader().load(resolved))
      } catch {
        result.value = .failure(error)
      }
      done.signal()
    }
    done.wait()
    switch result.value! {
    case .success(let contents): return contents
    case .failure(let error): fail("\(error.sentence)", command: command)
    }
  }

  /// The number of the group named `name` (its name, else its identity) in
  /// `groups`, else a failure.
  static func group(_ name: String, in groups: DirectoryGroups, for command: String) -> Int {
    guard let number = groups.number(named: name) else {
      fail(
        groups.isEmpty
          ? "the directory has no groups" : "the directory has no group named “\(name)”",
        command: command)
    }
    return number
  }

  /// The position of the person named `username` in `table`, else a failure.
  static func person(_ username: String, in table: UserTable, for command: String) throws -> Int {
    guard let position = table.position(ofUsername: username) else {
      fail("no one in the directory has the username “\(username)”", command: command)
    }
    return position
  }

  /// Says `message` on standard error and exits with a failure.
  static func fail(_ message: String, command: String) -> Never {
    warn(message, command: command)
    RosterCommand.exit(withError: ExitCode.failure)
  }

  /// Says `message` on standard error, its control characters escaped
  /// (``TerminalText``): a message may quote a name or an error from the
  /// directory.
  static func warn(_ message: String, command: String) {
    StandardError.write("roster \(command): \(TerminalText.escaped(message))\n")
  }
}

/// Where the loading task leaves its result for the waiting command.
private final class LoadResult: @unchecked Sendable {
  /// Written once by the task before it signals; read after the wait.
  var value: Result<DirectoryContents, DirectoryError>?
}
