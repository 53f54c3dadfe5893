import Directory
import Glibc
import SharedSupport

/// The file every change Roster makes to a directory server is appended to,
/// as ``LDIFChangeRecord``s: `$XDG_DATA_HOME/roster/changes.ldif`, or
/// `~/.local/share/roster/changes.ldif` (made 0600, in a folder made 0700).
/// `ldapmodify -f` replays it; `roster edits` prints it.
///
/// Threading: a plain value; `Sendable`. Appending and reading block the
/// calling thread (a connection's queue, a command's thread).
public struct LDAPChangeLog: Sendable, Equatable {
  /// The longest log read back (64 MiB).
  public static let maxBytes = 64 << 20

  /// The file; nil: the standard place, looked up when it is used.
  public var path: String?

  /// The log at `path` (nil: ``standardPath(environment:)``).
  public init(path: String? = nil) {
    self.path = path
  }

  /// `$XDG_DATA_HOME/roster/changes.ldif` when that variable holds an
  /// absolute path, else `$HOME/.local/share/roster/changes.ldif`; nil
  /// without either.
  public static func standardPath(environment: [String: String]) -> String? {
    AppendingFile.dataPath(of: "changes.ldif", environment: environment)
  }

  /// The file this log is, now.
  public var file: String? {
    path ?? Self.standardPath(environment: AppendingFile.dataEnvironment)
  }

  /// Appends `record` to the end of the file (``AppendingFile``: one
  /// write(2), 0600, no symbolic link). Throws a sentence.
  public func append(_ record: LDIFChangeRecord) throws(LDAPChangeLogFailure) {
    try append(text: record.ldif)
  }

  /// Appends `text` (records or comments, ending with an empty line) the
  /// way ``append(_:)`` appends a record.
  func append(text: String) throws(LDAPChangeLogFailure) {
    guard let file else {
      throw LDAPChangeLogFailure(tr("The change log needs $XDG_DATA_HOME or $HOME"))
    }
    do throws(AppendingFile.Failure) {
      try AppendingFile.append(Array(text.utf8), to: file)
    } catch {
      throw .system(error)
    }
  }

  /// The records in the file, oldest first (none when there is no file),
  /// and how many records could not be read.
  public func records() throws(LDAPChangeLogFailure) -> (
    records: [LDIFChangeRecord], unreadable: Int
  ) {
    guard let file else { return ([], 0) }
    do {
      return LDIFChangeRecord.records(
        in: try BoundedFileReader.read(path: file, maxBytes: Self.maxBytes))
    } catch .notFound {
      return ([], 0)
    } catch {
      throw LDAPChangeLogFailure(
        String(filling: tr("Could not read the change log %1$@: %2$@"), file, "\(error)"))
    }
  }
}

/// Why the change log could not be written or read, as a sentence.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPChangeLogFailure: Error, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }

  /// A failed system call, with the system's reason.
  public static func system(_ failure: AppendingFile.Failure) -> LDAPChangeLogFailure {
    LDAPChangeLogFailure(
      String(
        filling: tr("Could not write the change log (%1$@ %2$@): %3$@"), failure.call,
        failure.path, failure.reason))
  }
}
