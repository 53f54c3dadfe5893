import SharedSupport

/// Reads a local directory file through ``BoundedFileReader`` (no hang on a FIFO or a device,
/// nothing read past the limit) and words each failure as a ``DirectoryError``.
///
/// Threading: stateless; blocks the calling thread while reading.
package enum FileReader {
  package static func read(path: String, maxBytes: Int) throws(DirectoryError) -> [UInt8] {
    do {
      return try BoundedFileReader.read(path: path, maxBytes: maxBytes)
    } catch {
      throw directoryError(error, path: path)
    }
  }

  /// The file mapped read-only (see `MappedFile`), for parsing in place.
  static func map(path: String, maxBytes: Int) throws(DirectoryError) -> MappedFile {
    do {
      return try MappedFile(path: path, maxBytes: maxBytes)
    } catch {
      throw directoryError(error, path: path)
    }
  }

  /// Up to `count` bytes from the start of a regular file (nil if unreadable).
  static func readHead(path: String, count: Int) -> [UInt8]? {
    try? BoundedFileReader.readHead(path: path, count: count)
  }

  private static func directoryError(_ failure: BoundedFileReader.Failure, path: String)
    -> DirectoryError
  {
    switch failure {
    case .notFound: .fileNotFound(path: path)
    case .forbidden: .unreadable(path: path, reason: "permission denied")
    case .notARegularFile: .unreadable(path: path, reason: "it is not a regular file")
    case .tooLarge(let limit): .tooLarge(limit: limit)
    case .failed(let reason): .unreadable(path: path, reason: reason)
    }
  }
}
