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
/// a few megabytes of it resident instead of all of it.
///
/// A mapped file cut short by another process faults on the missing pages
/// (SIGBUS), which would end the app: a script that rewrites users.json in
/// place while Roster refreshes would do it. So the file is mapped only
/// under a read lease (`F_SETLEASE`), which holds back any other process's
/// open for writing or truncation until the mapping is gone (the parse
/// takes well under a second; the kernel breaks a lease after
/// `/proc/sys/fs/lease-break-time` at the latest). The lease's break signal
/// (SIGIO, whose default action ends the process) is ignored. A file the
/// process may not lease (another user's, or one open for writing right
/// now) is read into memory instead, with no saving of memory but no
/// fault either (``isMapped`` is false).
///
/// Threading: owned by one reader; not shared.
public final class MappedFile {
  private let base: UnsafeMutableRawPointer?
  /// The open file the lease lives on, while mapped; -1 otherwise.
  private let descriptor: Int32
  /// The file's size when it was mapped (or the bytes read, when copied).
  public let count: Int
  /// Whether the bytes are the file's pages under a lease (true) or a copy
  /// read into memory (false).
  public let isMapped: Bool
  private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
  /// Linux's F_SETLEASE, which Glibc's module does not export.
  private static let setLease: Int32 = 1024
  /// Once per process: a broken lease's signal must not end it.
  private static let leaseBreaksIgnored: Void = { _ = signal(SIGIO, SIG_IGN) }()

  /// Maps the file at `path` under a read lease, or reads it when it cannot
  /// be leased.
  public init(path: String, maxBytes: Int) throws(BoundedFileReader.Failure) {
    let opened = try BoundedFileReader.openRegularFile(path)
    let fd = opened.fd
    guard opened.size <= maxBytes else {
      close(fd)
      throw .tooLarge(limit: maxBytes)
    }
    guard opened.size > 0 else {
      close(fd)
      (base, descriptor, count, isMapped) = (nil, -1, 0, false)
      return
    }
    Self.leaseBreaksIgnored
    guard fcntl(fd, Self.setLease, Int32(F_RDLCK)) == 0 else {
      defer { close(fd) }
      let copy = try Self.readAll(fd, count: opened.size)
      (base, descriptor, count, isMapped) = (copy.base, -1, copy.count, false)
      return
    }
    let mapped = mmap(nil, opened.size, PROT_READ, MAP_PRIVATE, fd, 0)
    guard let mapped, mapped != MAP_FAILED else {
      let code = errno
      close(fd)
      throw BoundedFileReader.failure(code)
    }
    // Read once, front to back: read ahead generously.
    madvise(mapped, opened.size, MADV_SEQUENTIAL)
    (base, descriptor, count, isMapped) = (mapped, fd, opened.size, true)
  }

  deinit {
    guard let base else { return }
    if isMapped {
      munmap(base, count)
      // Closing the file ends the lease: a writer held back goes on.
      close(descriptor)
    } else {
      free(base)
    }
  }

  /// Reads up to `count` bytes into a block of their own (fewer if the file
  /// shrank meanwhile).
  private static func readAll(_ fd: Int32, count: Int) throws(BoundedFileReader.Failure) -> (
    base: UnsafeMutableRawPointer, count: Int
  ) {
    guard let block = malloc(count) else { throw .tooLarge(limit: count) }
    var done = 0
    while done < count {
      let got = read(fd, block + done, count - done)
      if got > 0 {
        done += got
      } else if got == 0 {
        break
      } else if errno != EINTR {
        let code = errno
        free(block)
        throw BoundedFileReader.failure(code)
      }
    }
    return (block, done)
  }

  /// The file's bytes, valid while the mapping lives.
  public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// Drops the resident pages wholly before `offset`; reading them again
  /// would read the file again.
  public func release(upTo offset: Int) {
    guard let base, isMapped else { return }
    let end = min(offset, count) / Self.pageSize * Self.pageSize
    if end > 0 { madvise(base, end, MADV_DONTNEED) }
  }
}
