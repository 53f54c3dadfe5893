#if canImport(Glibc)
  import Glibc
#endif

/// A file mapped read-only into memory for as long as this lives: the
/// columns of a ``UserTable`` read from its image point into it, and its
/// pages come from the page cache as they are first read.
///
/// Unlike SharedSupport's `MappedFile` (a users.json parsed once, front to
/// back, under a read lease against a writer cutting it short), a table's
/// image is mapped for the table's whole life and read anywhere. It is
/// Roster's own file in a private folder, written whole under a new name
/// and never rewritten in place (a new generation is a new file), so no
/// lease is taken.
///
/// Threading: immutable once made; `@unchecked Sendable` (the mapping is
/// never written).
final class TableMapping: @unchecked Sendable {
  let bytes: UnsafeRawBufferPointer

  /// Maps the file at `path`; nil when it cannot be opened, read or
  /// mapped, or is empty.
  convenience init?(path: String) {
    guard let bytes = try? Self.map(path) else { return nil }
    self.init(bytes: bytes)
  }

  private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// Maps the file at `path`; nil when it is missing or empty; throws
  /// why it could not be opened, read or mapped otherwise.
  static func mapping(_ path: String) throws(ReplicaError) -> TableMapping? {
    try map(path).map(TableMapping.init(bytes:))
  }

  private static func map(_ path: String) throws(ReplicaError) -> UnsafeRawBufferPointer? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0, errno == ENOENT { return nil }
    guard fd >= 0 else { throw .system("open", path, errno: errno) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw .system("read", path, errno: errno) }
    guard status.st_size > 0 else { return nil }
    guard let length = Int(exactly: status.st_size) else {
      throw ReplicaError("could not map \(path): too large")
    }
    guard let start = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), start != MAP_FAILED
    else { throw .system("map", path, errno: errno) }
    return UnsafeRawBufferPointer(start: start, count: length)
  }

  /// Lets go of the pages read so far: they leave the process's resident
  /// memory but stay in the page cache, so that a page read again is mapped
  /// again without reading the disk. Safe while other threads read: the
  /// mapping is read-only and its file never rewritten, so a page mapped
  /// again holds the same bytes.
  func release() {
    madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
  }

  deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}
