import Directory
import FoundationEssentials
import SharedSupport

/// Why a CSV or vCard file could not be read at all (a record that cannot
/// be read is skipped instead, and the rest load).
///
/// Threading: a plain value; `Sendable`.
public enum PeopleFileError: BackendError {
  /// A CSV file without a header line.
  case noHeader
  /// A CSV file with no column a username can come from (a username or an
  /// email); `columns` are the header's names, as written (a few, cut).
  case noUsernameColumn(columns: [String])
  /// A CSV quote opened on `line` (counted from 1) is never closed.
  case unterminatedQuote(line: Int)
  /// A vCard file without any `BEGIN:VCARD`.
  case noCards
  /// A vCard begun on `line` has no `END:VCARD`.
  case unterminatedCard(line: Int)

  public var errorDescription: String? {
    switch self {
    case .noHeader:
      tr("The CSV file has no header line naming its columns")
    case .noUsernameColumn(let columns):
      String(
        filling: tr("The CSV file has no username or email column; its columns are: %@"),
        columns.isEmpty ? "—" : columns.joined(separator: ", "))
    case .unterminatedQuote(let line):
      String(filling: tr("The CSV file has a quote opened on line %ld that is never closed"), line)
    case .noCards:
      tr("The file holds no vCard (no BEGIN:VCARD line)")
    case .unterminatedCard(let line):
      String(filling: tr("The vCard begun on line %ld has no END:VCARD"), line)
    }
  }
}

extension DirectoryError {
  /// `error`, a people file's, as a directory error.
  static func peopleFile(_ error: PeopleFileError) -> DirectoryError {
    .backend(BackendFailure(error))
  }

  /// The people file's error this is, if it is one.
  public var peopleFile: PeopleFileError? { backendError(PeopleFileError.self) }
}

extension PeopleFileError {
  /// Has `read` read `buffer`'s bytes, its error told as the loader's.
  static func reading(
    _ buffer: UnsafeRawBufferPointer,
    with read: (UnsafeBufferPointer<UInt8>) throws(PeopleFileError) -> PeopleFile
  ) throws(DirectoryError) -> PeopleFile {
    do throws(PeopleFileError) {
      return try read(buffer.bindMemory(to: UInt8.self))
    } catch {
      throw .peopleFile(error)
    }
  }
}
