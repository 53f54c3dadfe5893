import Directory
import Glibc
import SharedSupport

/// The file every change Roster makes on a SCIM service is appended to, a
/// ``SCIMChangeRecord`` a line: `changes.scim.jsonl` beside the LDAP
/// servers' `changes.ldif` (`$XDG_DATA_HOME/roster/` or
/// `~/.local/share/roster/`, made 0600 in a folder made 0700, through
/// ``AppendingFile``). `roster edits` prints both.
///
/// Threading: a plain value; `Sendable`. Appending and reading block the
/// calling thread.
public struct SCIMChangeLog: Sendable, Equatable {
  /// The longest log read back (64 MiB).
  public static let maxBytes = 64 << 20

  /// The file; nil: the standard place, looked up when it is used.
  public var path: String?

  /// The log at `path` (nil: ``standardPath(environment:)``).
  public init(path: String? = nil) {
    self.path = path
  }

  /// `$XDG_DATA_HOME/roster/changes.scim.jsonl` when that variable holds
  /// an absolute path, else `$HOME/.local/share/roster/changes.scim.jsonl`;
  /// nil without either.
  public static func standardPath(environment: [String: String]) -> String? {
    AppendingFile.dataPath(of: "changes.scim.jsonl", environment: environment)
  }

  /// The file this log is, now.
  public var file: String? {
    path ?? Self.standardPath(environment: AppendingFile.dataEnvironment)
  }

  /// Appends `record`; nil when it was written, else why not, as a
  /// sentence.
  func append(_ record: SCIMChangeRecord) -> String? {
    guard let file else { return tr("The change log needs $XDG_DATA_HOME or $HOME") }
    do throws(AppendingFile.Failure) {
      try AppendingFile.append(Array(record.line.utf8), to: file)
      return nil
    } catch {
      return String(
        filling: tr("Could not write the change log (%1$@ %2$@): %3$@"), error.call, error.path,
        error.reason)
    }
  }

  /// The records in the file, oldest first (none when there is no file),
  /// and how many lines could not be read; throws a sentence when the file
  /// cannot be read.
  public func records() throws(SCIMChangeLogFailure) -> (
    records: [SCIMChangeRecord], unreadable: Int
  ) {
    guard let file else { return ([], 0) }
    do {
      return SCIMChangeRecord.records(
        in: try BoundedFileReader.read(path: file, maxBytes: Self.maxBytes))
    } catch .notFound {
      return ([], 0)
    } catch {
      throw SCIMChangeLogFailure(
        description: String(
          filling: tr("Could not read the change log %1$@: %2$@"), file, "\(error)"))
    }
  }
}

/// Why the SCIM change log could not be read, as a sentence.
///
/// Threading: a plain value; `Sendable`.
public struct SCIMChangeLogFailure: Error, Sendable, CustomStringConvertible {
  public let description: String
}
