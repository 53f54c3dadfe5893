import SharedSupport

/// Reads a local image file through ``BoundedFileReader``: /dev/zero, FIFOs and directories are
/// refused before a single read, and nothing past `maxBytes` is read.
///
/// Threading: a `Sendable` value; `load` blocks, so call it on the pipeline's I/O queue.
struct FileLoader: Sendable {
  let maxBytes: Int

  func load(path: String) -> Result<[UInt8], ImageFailure> {
    do {
      return .success(try BoundedFileReader.read(path: path, maxBytes: maxBytes))
    } catch {
      switch error {
      case .notFound, .failed: return .failure(.notFound)
      case .forbidden, .notARegularFile: return .failure(.forbiddenPath)
      case .tooLarge: return .failure(.tooLarge)
      }
    }
  }
}
