#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file mapped read-only, for parsing a large file in place
/// without a heap copy of it, and handing its pages back as the parse
/// passes them.
///
/// Opened with ``BoundedFileReader``'s checks (no FIFO, device or folder;
/// nothing over `maxBytes`). The mapping is private and read-only; pages
/// the reader has passed are dropped with ``release(upTo:)`` (they are the
/// file's, so nothing is lost), so reading a 100 MB file front to back keeps
/// a few megabytes of it resident instead of all of it. A file cut short by
/// another process while mapped would fault on the missing pages (SIGBUS),
/// as with any mapped reader; the loader maps only files it then reads once.
///
/// Threading: owned by one reader; not shared.
public final class MappedFile {
  private let base: UnsafeMutableRawPointer?
  /// The file's size when it was mapped.
  public let count: Int
  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Maps the file at `path`.
  public init(path: String, maxBytes: Int) throws(BoundedFileReader.Failure) {
    let descriptor = try BoundedFileReader.openRegularFile(path)
    defer { close(descriptor.fd) }
    guard descriptor.size <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    count = descriptor.size
    guard count > 0 else {
      base = nil
      return
    }
    let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor.fd, 0)
    guard let mapped, mapped != MAP_FAILED else { throw BoundedFileReader.failure(errno) }
    // Read once, front to back: read ahead generously.
    madvise(mapped, count, MADV_SEQUENTIAL)
    base = mapped
  }

  deinit {
    if let base { munmap(base, count) }
  }

  /// The file's bytes, valid while the mapping lives.
  public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// Drops the resident pages wholly before `offset`; reading them again
  /// would read the file again.
  public func release(upTo offset: Int) {
    guard let base else { return }
    let end = min(offset, count) / Self.pageSize * Self.pageSize
    if end > 0 { madvise(base, end, MADV_DONTNEED) }
  }
}
