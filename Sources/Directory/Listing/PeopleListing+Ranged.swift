extension PeopleListing {
  /// How many people one range of a server directory asks for.
  public static let rangeSize = 200

  /// Writes the people of `directory` (already narrowed and ordered, e.g.
  /// by ``RangedDirectory/querying(filter:sort:)``) one line each through
  /// `write`, reading one range of ``rangeSize`` at a time until the end
  /// or `limit` people; the header first, if the format has one. Memory
  /// stays one range however large the directory.
  public func write(
    _ directory: any RangedDirectory, limit: Int? = nil, write: (String) -> Void
  ) async throws(DirectoryError) {
    if let header { write(header) }
    let wanted = limit ?? .max
    var next = 0
    while next < wanted {
      let rows = try await directory.rows(next..<(next + min(Self.rangeSize, wanted - next)))
      for entry in rows.entries { write(line(entry)) }
      next += rows.entries.count
      if rows.entries.isEmpty || (rows.isCountFinal && next >= rows.count) { return }
    }
  }
}
