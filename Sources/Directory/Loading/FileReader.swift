#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole local file with plain POSIX calls, so each failure maps to
/// a precise `DirectoryError` (Foundation's errors on Linux say little).
///
/// Threading: stateless; blocks the calling thread while reading.
enum FileReader {
  static func read(path: String, maxBytes: Int) throws(DirectoryError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw error(errno, path: path) }
    defer { close(descriptor) }

    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw error(errno, path: path) }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .unreadable(path: path, reason: "it is not a regular file")
    }
    let size = Int(status.st_size)
    guard size <= maxBytes else { throw .tooLarge(limit: maxBytes) }

    var failure: DirectoryError?
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      count = 0
      while count < size {
        let result = systemRead(descriptor, buffer.baseAddress! + count, size - count)
        if result > 0 {
          count += result
        } else if result == 0 {
          break  // The file shrank while being read; keep what is there.
        } else if errno != EINTR {
          failure = error(errno, path: path)
          return
        }
      }
    }
    if let failure { throw failure }
    return bytes
  }

  /// Up to `count` bytes from the start of a regular file (nil if unreadable).
  static func readHead(path: String, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
      filled = 0
      while filled < count {
        let result = systemRead(descriptor, buffer.baseAddress! + filled, count - filled)
        if result > 0 {
          filled += result
        } else if result == 0 {
          break
        } else if errno != EINTR {
          failed = true
          return
        }
      }
    }
    return failed ? nil : bytes
  }

  // `read` alone would resolve to this type's own method.
  private static func systemRead(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int
  ) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  private static func error(_ code: Int32, path: String) -> DirectoryError {
    if code == ENOENT || code == ENOTDIR { return .fileNotFound(path: path) }
    return .unreadable(path: path, reason: String(cString: strerror(code)))
  }
}
