import Directory
import FoundationEssentials

/// The people a page exports, copies or drags: what it shows now, in its
/// order (its group or a manager's reports, its search, its filter and its
/// sort), or the selected people of it.
///
/// Threading: a plain value; `Sendable`. The reads run off the main thread.
package indirect enum ExportSource: Sendable {
  /// A users.json's people `rows` of `table` (the list's own array,
  /// shared, not copied: their positions are taken off the main thread),
  /// their avatars relative to `base`.
  case table(UserTable, rows: [UserRef], base: URL)
  /// A server's view, read a window at a time; `count` as the list has it.
  case server(any RangedDirectory, count: Int)
  /// The people of a view at the positions of `ranges` (a selection).
  case selected(ExportSource, ranges: [Range<Int>])

  /// How many people the export writes, as far as known before it starts.
  package var count: Int {
    switch self {
    case .table(_, let rows, _): rows.count
    case .server(_, let count): count
    case .selected(_, let ranges): ranges.reduce(0) { $0 + $1.count }
    }
  }

  /// Where a users.json's avatars are, nil for a server.
  package var avatarBase: URL? {
    switch self {
    case .table(_, _, let base): base
    case .server: nil
    case .selected(let view, _): view.avatarBase
    }
  }

  /// The people of this view at the positions of `ranges`.
  package func only(_ ranges: [Range<Int>]) -> ExportSource {
    if case .selected(let view, _) = self { return .selected(view, ranges: ranges) }
    return .selected(self, ranges: ranges)
  }

  /// Writes the people to `destination` as `export` says, off the main
  /// thread; `progress` hears how far it came.
  package func write(
    _ export: PersonExport, to destination: URL,
    progress: @escaping @Sendable (ExportProgress) -> Void
  ) async throws -> ExportProgress {
    switch self {
    case .table(let table, let rows, let base):
      return try await Self.write(
        table, positions: rows.map(\.index), base: base, export, to: destination,
        progress: progress)
    case .server(let directory, _):
      return try await PersonExporter.export(
        directory, as: export, to: destination, progress: progress)
    case .selected(.table(let table, let rows, let base), let ranges):
      let positions = ranges.flatMap { range in range.lazy.map { rows[$0].index } }
      return try await Self.write(
        table, positions: positions, base: base, export, to: destination, progress: progress)
    case .selected(.server(let directory, _), let ranges):
      return try await PersonExporter.export(
        directory, only: ranges, as: export, to: destination, progress: progress)
    case .selected(.selected, _):
      preconditionFailure("a selection of a selection")  // only(_:) never makes one
    }
  }

  /// At most `limit` of the people, in order, in memory (the clipboard, a
  /// drag, an email), the first `photos.count` with their photo when
  /// `photos` is given (photos past its limit are left out).
  package func people(
    limit: Int, photos: (limit: Int, count: Int)? = nil
  ) async throws -> [(entry: DirectoryEntry, photo: ExportPhoto?)] {
    switch self {
    case .table(let table, let rows, let base):
      return Self.people(of: table, rows: rows, in: [0..<rows.count], base: base, limit, photos)
    case .server(let directory, let count):
      return try await PersonExporter.people(
        of: directory, in: [0..<count], limit: limit, photoLimit: photos?.limit,
        photoCount: photos?.count ?? 0)
    case .selected(.table(let table, let rows, let base), let ranges):
      return Self.people(of: table, rows: rows, in: ranges, base: base, limit, photos)
    case .selected(.server(let directory, _), let ranges):
      return try await PersonExporter.people(
        of: directory, in: ranges, limit: limit, photoLimit: photos?.limit,
        photoCount: photos?.count ?? 0)
    case .selected(.selected, _):
      preconditionFailure("a selection of a selection")
    }
  }

  private static func write(
    _ table: UserTable, positions: [Int], base: URL, _ export: PersonExport, to destination: URL,
    progress: @escaping @Sendable (ExportProgress) -> Void
  ) async throws -> ExportProgress {
    let photos = AvatarPhotos(base: base, limit: export.photoLimit)
    return try await PersonExporter.export(
      table, positions: positions, as: export, to: destination, photo: photos.photo(of:),
      progress: progress)
  }

  private static func people(
    of table: UserTable, rows: [UserRef], in ranges: [Range<Int>], base: URL, _ limit: Int,
    _ photos: (limit: Int, count: Int)?
  ) -> [(entry: DirectoryEntry, photo: ExportPhoto?)] {
    let files = photos.map { AvatarPhotos(base: base, limit: $0.limit) }
    let photoCount = photos?.count ?? 0
    var people: [(entry: DirectoryEntry, photo: ExportPhoto?)] = []
    for range in ranges {
      for position in range.clamped(to: 0..<rows.count) {
        guard people.count < limit else { return people }
        let person = table[rows[position].index]
        let entry = DirectoryEntry(
          id: person.identity, username: person.username, details: person.details,
          role: person.role)
        let wantsPhoto = people.count < photoCount && !person.avatar.isEmpty
        people.append((entry, wantsPhoto ? files?.photo(of: person.avatar) : nil))
      }
    }
    return people
  }
}
