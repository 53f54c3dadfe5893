import FoundationEssentials

/// Writes the people of a view to a file in one of the export formats,
/// streaming: a local table's people straight from its columns, a server's
/// a range at a time, so memory stays one buffer (and one range) however
/// many people there are. The file appears complete or not at all
/// (``AtomicFileWriter``): a failure or a cancellation leaves the
/// destination as it was and no temporary file behind.
///
/// Threading: the functions are `nonisolated` and `async`: they run on the
/// global executor, never the main actor's, and check for cancellation
/// every ``checkEvery`` people (and every range). Progress is reported on
/// the exporting task, at most every ``ExportProgressReporter/interval``.
public enum PersonExporter {
  /// How many people are written between checks for cancellation and
  /// progress.
  public static let checkEvery = 1024
  /// How many people one range of a server directory asks for: OpenLDAP's
  /// default size limit, which a larger range would run into.
  public static let rangeSize = 500
  /// How many people one page of a server read forward asks for
  /// (``ForwardReadableDirectory``): slapd answers sorted pages sent back
  /// to back "busy", and a retry's wait costs less spread over 10,000.
  public static let pageSize = 10000

  /// Writes the people of `table` at `positions` (nil: everyone, in the
  /// table's order) to `destination`; `photo` gives the photo of an avatar
  /// string for the formats that carry photos (bytes past the export's
  /// photo limit are left out). Returns the final progress.
  public static func export(
    _ table: UserTable, positions: [Int]? = nil, as export: PersonExport, to destination: URL,
    photo: (@Sendable (String) -> ExportPhoto?)? = nil,
    progress: @escaping @Sendable (ExportProgress) -> Void = { _ in }
  ) async throws -> ExportProgress {
    try await export.withWriter(
      TablePeople(
        table: table, positions: positions, destination: destination,
        photo: export.format.carriesPhotos ? photo : nil, photoLimit: export.photoLimit,
        progress: progress))
  }

  /// Writes the people of `directory` (already narrowed and ordered, e.g.
  /// by ``RangedDirectory/querying(filter:sort:)``) to `destination`, in
  /// pages read forward or a range at a time; only those at the positions
  /// of `ranges` when given (a selection), a range at a time;
  /// `inServerOrder` reads forward in the server's own order, not the
  /// view's (as fast as the server sends). Returns the final progress.
  public static func export(
    _ directory: any RangedDirectory, only ranges: [Range<Int>]? = nil,
    inServerOrder: Bool = false, as export: PersonExport, to destination: URL,
    progress: @escaping @Sendable (ExportProgress) -> Void = { _ in }
  ) async throws -> ExportProgress {
    try await export.withWriter(
      ServerPeople(
        directory: directory, ranges: ranges, inServerOrder: inServerOrder,
        destination: destination,
        photoLimit: export.format.carriesPhotos ? export.photoLimit : nil, progress: progress))
  }

  /// The people of `directory` at the positions of `ranges`, in order, at
  /// most `limit` of them, read a range at a time; the first `photoCount`
  /// each with their photo (at most `photoLimit` bytes) when `photoLimit`
  /// is given. For the clipboard and a drag: what a file export streams,
  /// held in memory.
  public static func people(
    of directory: any RangedDirectory, in ranges: [Range<Int>], limit: Int, photoLimit: Int?,
    photoCount: Int = .max
  ) async throws -> [(entry: DirectoryEntry, photo: ExportPhoto?)] {
    var people: [(entry: DirectoryEntry, photo: ExportPhoto?)] = []
    try await readWindows(of: directory, in: ranges, limit: limit) { entry in
      var photo: ExportPhoto?
      if let photoLimit, people.count < photoCount {
        photo = try await serverPhoto(of: entry, in: directory, limit: photoLimit)
      }
      people.append((entry, photo))
    }
    return people
  }

  /// Reads the people at the positions of `ranges` a range at a time, at
  /// most `limit`, handing each to `body` in order; stops early where the
  /// directory has fewer people than the ranges say.
  static func readWindows(
    of directory: any RangedDirectory, in ranges: [Range<Int>], limit: Int = .max,
    _ body: (DirectoryEntry) async throws -> Void
  ) async throws {
    var left = limit
    for range in ranges {
      var next = range.lowerBound
      while next < range.upperBound, left > 0 {
        try Task.checkCancellation()
        let end = min(range.upperBound, next + min(rangeSize, left))
        let rows = try await directory.rows(next..<end)
        for entry in rows.entries.prefix(end - next) { try await body(entry) }
        left -= min(rows.entries.count, end - next)
        guard rows.entries.count >= end - next else { return }
        next = end
      }
    }
  }

  /// Opens the file, writes what `body` writes between the writer's
  /// beginning and end, and commits it; discards it on any error.
  static func writeFile<W: PersonWriter>(
    _ destination: URL, _ writer: W, progress: @escaping @Sendable (ExportProgress) -> Void,
    body: (ByteSink, ExportProgressReporter) async throws -> Int
  ) async throws -> ExportProgress {
    let file = try AtomicFileWriter(destination: destination)
    let sink = ByteSink { bytes in try file.write(bytes) }
    let reporter = ExportProgressReporter(sink: sink, report: progress)
    do {
      writer.begin(sink)
      let done = try await body(sink, reporter)
      writer.end(sink)
      sink.flush()
      if let failure = sink.failure { throw failure }
      try Task.checkCancellation()
      try file.commit()
      return reporter.finish(done: done)
    } catch {
      file.discard()
      throw error
    }
  }
}

/// The people of a local table, written straight from its columns.
///
/// Threading: a value used by the exporting task.
private struct TablePeople: PersonWriterVisitor {
  let table: UserTable
  let positions: [Int]?
  let destination: URL
  let photo: (@Sendable (String) -> ExportPhoto?)?
  let photoLimit: Int
  let progress: @Sendable (ExportProgress) -> Void

  func visit(_ writer: some PersonWriter) async throws -> ExportProgress {
    let total = positions?.count ?? table.userCount
    return try await PersonExporter.writeFile(destination, writer, progress: progress) {
      sink, reporter in
      let every = PersonExporter.checkEvery
      for number in 0..<total {
        let index = positions?[number] ?? number
        var picture: ExportPhoto?
        if let photo {
          let avatar = table.avatar(at: index)
          if !avatar.isEmpty { picture = photo(avatar) }
          if case .bytes(let bytes) = picture, bytes.count > photoLimit { picture = nil }
        }
        writer.write(TableRecord(table: table, index: index), photo: picture, into: sink)
        if number % every == every - 1 { try reporter.tick(done: number + 1, total: total) }
      }
      return total
    }
  }
}

/// The people of a server directory: read forward in pages when the
/// format carries no photos and the directory can
/// (``ForwardReadableDirectory``), else a range at a time.
///
/// Threading: a value used by the exporting task.
private struct ServerPeople: PersonWriterVisitor {
  let directory: any RangedDirectory
  /// The positions to write (a selection), nil for everyone.
  let ranges: [Range<Int>]?
  /// Whether a forward read takes the server's own order.
  let inServerOrder: Bool
  let destination: URL
  /// The photo limit, when the format carries photos.
  let photoLimit: Int?
  let progress: @Sendable (ExportProgress) -> Void

  func visit(_ writer: some PersonWriter) async throws -> ExportProgress {
    try await PersonExporter.writeFile(destination, writer, progress: progress) {
      sink, reporter in
      if let ranges {
        let total = ranges.reduce(0) { $0 + $1.count }
        var written = 0
        try await PersonExporter.readWindows(of: directory, in: ranges) { entry in
          var photo: ExportPhoto?
          if let photoLimit {
            photo = try await serverPhoto(of: entry, in: directory, limit: photoLimit)
          }
          writer.write(entry, photo: photo, into: sink)
          written += 1
          if written % PersonExporter.checkEvery == 0 {
            try reporter.tick(done: written, total: total)
          }
        }
        return written
      }
      if photoLimit == nil, let forward = directory as? any ForwardReadableDirectory {
        var written = 0
        let wasRead = try await forward.readForward(
          pageSize: PersonExporter.pageSize, inServerOrder: inServerOrder
        ) {
          entries in
          for entry in entries { writer.write(entry, photo: nil, into: sink) }
          written += entries.count
          try reporter.tick(done: written, total: nil)
        }
        if wasRead { return written }
      }
      var next = 0
      while true {
        let rows = try await directory.rows(next..<(next + PersonExporter.rangeSize))
        for entry in rows.entries {
          var photo: ExportPhoto?
          if let photoLimit {
            photo = try await serverPhoto(of: entry, in: directory, limit: photoLimit)
          }
          writer.write(entry, photo: photo, into: sink)
        }
        next += rows.entries.count
        try reporter.tick(done: next, total: rows.isCountFinal ? rows.count : nil)
        if rows.entries.isEmpty || (rows.isCountFinal && next >= rows.count) {
          return next
        }
      }
    }
  }
}
