extension PeopleListing {
  /// How many people one window of a server directory asks for.
  public static let windowSize = 200

  /// Writes the people of `directory` (already narrowed and ordered, e.g.
  /// by ``WindowedDirectory/querying(filter:sort:)``) one line each through
  /// `write`, reading one window of ``windowSize`` at a time until the end
  /// or `limit` people; the header first, if the format has one. Memory
  /// stays one window however large the directory.
  public func write(
    _ directory: any WindowedDirectory, limit: Int? = nil, write: (String) -> Void
  ) async throws(DirectoryError) {
    if let header { write(header) }
    let wanted = limit ?? .max
    var next = 0
    while next < wanted {
      let window = try await directory.window(next..<(next + min(Self.windowSize, wanted - next)))
      for entry in window.entries { write(line(entry)) }
      next += window.entries.count
      if window.entries.isEmpty || (window.isCountFinal && next >= window.count) { return }
    }
  }
}
