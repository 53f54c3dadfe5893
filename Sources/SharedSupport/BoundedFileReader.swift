#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads local files that untrusted data names (a directory file, an avatar) without ever
/// hanging or reading without bound.
///
/// The file is opened with `O_NONBLOCK` (opening a FIFO must not wait for a writer) and
/// `O_CLOEXEC`, then `fstat`ed: anything that is not a regular file (a FIFO, a directory,
/// `/dev/zero`, a socket) is refused before a single byte is read, as is a file over the limit.
/// Reading stops at `maxBytes + 1`, so a file that grows meanwhile costs at most that.
///
/// Threading: stateless; blocks the calling thread while reading.
public enum BoundedFileReader {
  /// Why a file could not be read, precise enough for a clear message.
  ///
  /// Threading: a `Sendable` value.
  public enum Failure: Error, Equatable, Sendable {
    /// Nothing at that path (or a path component is not a folder).
    case notFound
    /// Permission denied, or a symlink loop.
    case forbidden
    /// A FIFO, directory, device or socket: never read.
    case notARegularFile
    /// Larger than the limit, whether its size says so up front or it grew while being read.
    case tooLarge(limit: Int)
    /// Any other system error, described by `strerror`.
    case failed(String)
  }

  /// The whole file, at most `maxBytes` long.
  public static func read(path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
    let descriptor = try openRegularFile(path)
    defer { close(descriptor.fd) }
    guard descriptor.size <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    let bytes = try readUpTo(maxBytes + 1, from: descriptor.fd, expecting: descriptor.size)
    guard bytes.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    return bytes
  }

  /// Up to `count` bytes from the start of a regular file, whatever its size.
  public static func readHead(path: String, count: Int) throws(Failure) -> [UInt8] {
    let descriptor = try openRegularFile(path)
    defer { close(descriptor.fd) }
    return try readUpTo(count, from: descriptor.fd, expecting: min(count, descriptor.size))
  }

  static func openRegularFile(_ path: String) throws(Failure) -> (fd: Int32, size: Int) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw failure(errno) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      let code = errno
      close(fd)
      throw failure(code)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      throw .notARegularFile
    }
    return (fd, Int(status.st_size))
  }

  /// Reads until end of file or `limit` bytes; `expected` only sizes the first allocation.
  private static func readUpTo(_ limit: Int, from fd: Int32, expecting expected: Int)
    throws(Failure) -> [UInt8]
  {
    var bytes = [UInt8](repeating: 0, count: min(limit, expected + 1))
    var count = 0
    while count < limit {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(limit - count, max(count, 4096))))
      }
      let result = bytes.withUnsafeMutableBytes { buffer in
        systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
      }
      if result == 0 { break }
      if result < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      count += result
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int)
    -> Int
  {
    #if canImport(Glibc)
      Glibc.read(fd, buffer, count)
    #else
      Darwin.read(fd, buffer, count)
    #endif
  }

  static func failure(_ code: Int32) -> Failure {
    switch code {
    case ENOENT, ENOTDIR: .notFound
    case EACCES, EPERM, ELOOP: .forbidden
    default: .failed(String(cString: strerror(code)))
    }
  }
}
