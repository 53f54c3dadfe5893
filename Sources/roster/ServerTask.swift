import ArgumentParser
import Directory
import Dispatch
import FoundationEssentials
import Glibc
import RosterKit
import SharedSupport

/// Runs a command's reading of a directory server on a task while the
/// command's thread waits: the server opened as the window opens it
/// (``ServerOptions/directory(url:environment:)``); its error, or a
/// sentence the reading returns ("no group named …"), goes to standard
/// error and the command fails.
///
/// Threading: `run` blocks the calling thread until the task ends.
enum ServerTask {
  /// Reads the server at `source` with `body`, for `command`'s messages.
  /// When `interruptible`, SIGINT or SIGTERM cancels the reading; the
  /// command then says so and ends with 130.
  static func run(
    _ command: String, source: String, options: ServerOptions, interruptible: Bool = false,
    _ body: @escaping @Sendable (any RangedDirectory) async throws(DirectoryError) -> String?
  ) throws {
    let done = DispatchSemaphore(value: 0)
    let failure = Failure()
    let task = Task.detached {
      do throws(DirectoryError) {
        failure.message = try await body(try await options.discoveredDirectory(url: source))
      } catch {
        failure.message = error.sentence
      }
      done.signal()
    }
    let interruption = interruptible ? SignalCancellation { task.cancel() } : nil
    done.wait()
    interruption?.stop()
    if interruption?.signalReceived != nil { Interrupted.exit(command) }
    if let message = failure.message {
      LocalDirectory.warn(message, command: command)
      throw ExitCode.failure
    }
  }

  /// `directory`'s groups and organisation, when its kind keeps them.
  static func organised(_ directory: any RangedDirectory) throws(DirectoryError)
    -> any OrganisedDirectory
  {
    guard let organised = directory as? any OrganisedDirectory else {
      throw .unsupportedSource(directory.location)
    }
    return organised
  }
}

/// Where the task leaves its failure for the waiting command.
private final class Failure: @unchecked Sendable {
  /// Written once by the task before it signals; read after the wait.
  var message: String?
}

/// The end of a command stopped by SIGINT or SIGTERM.
enum Interrupted {
  /// Says that `command` was stopped and nothing was written, and exits
  /// with 130 (a shell's code for a process ended by Ctrl+C).
  static func exit(_ command: String) -> Never {
    StandardError.write("roster \(command): interrupted; nothing was written\n")
    Glibc.exit(130)
  }
}
