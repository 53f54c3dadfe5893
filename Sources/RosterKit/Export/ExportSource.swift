import Directory
import Foundation

/// The people a page exports: what it shows now, in its order (its group
/// or a manager's reports, its search, its filter and its sort).
///
/// Threading: a plain value; `Sendable`.
package enum ExportSource: Sendable {
  /// A users.json's people `rows` of `table` (the list's own array,
  /// shared, not copied: their positions are taken off the main thread),
  /// their avatars relative to `base`.
  case table(UserTable, rows: [UserRef], base: URL)
  /// A server's view, read a window at a time; `count` as the list has it.
  case server(any WindowedDirectory, count: Int)

  /// How many people the export writes, as far as known before it starts.
  package var count: Int {
    switch self {
    case .table(_, let rows, _): rows.count
    case .server(_, let count): count
    }
  }

  /// Writes the people to `destination` as `export` says, off the main
  /// thread; `progress` hears how far it came.
  package func write(
    _ export: PersonExport, to destination: URL,
    progress: @escaping @Sendable (ExportProgress) -> Void
  ) async throws -> ExportProgress {
    switch self {
    case .table(let table, let rows, let base):
      let photos = AvatarPhotos(base: base, limit: export.photoLimit)
      return try await PersonExporter.export(
        table, positions: rows.map(\.index), as: export, to: destination,
        photo: photos.photo(of:), progress: progress)
    case .server(let directory, _):
      return try await PersonExporter.export(
        directory, as: export, to: destination, progress: progress)
    }
  }
}
