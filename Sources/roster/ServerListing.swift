import ArgumentParser
import Directory
import Foundation
import RosterKit

/// `roster list` for a directory server: the server opened as the window
/// opens it (``ServerOptions/directory(url:environment:)``, the password or
/// token from the environment or a file, never argv), narrowed and ordered
/// with ``WindowedDirectory/querying(filter:sort:)`` and printed a window
/// at a time.
///
/// Threading: `run` blocks the calling thread while a task reads the
/// server.
struct ServerListing {
  var listing: PeopleListing
  var limit: Int?

  /// Prints the people of the server at `source` that `filter` matches, in
  /// `sort`'s order (nil: by username); fails with the server's error.
  func run(source: String, options: ServerOptions, filter: PersonFilter?, sort: PersonSort?)
    throws
  {
    let done = DispatchSemaphore(value: 0)
    let failure = Failure()
    Task.detached { [listing, limit] in
      do throws(DirectoryError) {
        let directory = try options.directory(url: source).querying(filter: filter, sort: sort)
        try await listing.write(directory, limit: limit) { print($0) }
      } catch {
        failure.error = error
      }
      done.signal()
    }
    done.wait()
    if let error = failure.error {
      FileHandle.standardError.write(Data("roster list: \(error.localizedDescription)\n".utf8))
      throw ExitCode.failure
    }
  }
}

/// Where the listing task leaves its error for the waiting command.
private final class Failure: @unchecked Sendable {
  /// Written once by the task before it signals; read after the wait.
  var error: DirectoryError?
}
