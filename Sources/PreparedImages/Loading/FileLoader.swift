import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a local image file with a hard byte bound.
///
/// /dev/zero, FIFOs and directories are refused by fstat before a single read; a regular file
/// is read with read(2) up to `maxBytes + 1` bytes, so a huge or growing file costs at most that.
///
/// Threading: a `Sendable` value; `load` blocks, so call it on the pipeline's I/O queue.
struct FileLoader: Sendable {
  let maxBytes: Int

  func load(path: String) -> Result<[UInt8], ImageFailure> {
    // O_NONBLOCK: opening a FIFO must not wait for a writer.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      switch errno {
      case EACCES, EPERM, ELOOP: return .failure(.forbiddenPath)
      default: return .failure(.notFound)
      }
    }
    defer { close(fd) }

    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(.notFound) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.forbiddenPath) }
    guard info.st_size <= maxBytes else { return .failure(.tooLarge) }

    let limit = maxBytes + 1
    var bytes = [UInt8](repeating: 0, count: min(limit, Int(info.st_size) + 1))
    var count = 0
    while count < limit {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(limit - count, max(count, 4096))))
      }
      let n = bytes.withUnsafeMutableBytes { buffer in
        read(fd, buffer.baseAddress! + count, buffer.count - count)
      }
      if n == 0 { break }
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(.notFound)
      }
      count += n
    }
    guard count <= maxBytes else { return .failure(.tooLarge) }
    bytes.removeSubrange(count...)
    return .success(bytes)
  }
}
