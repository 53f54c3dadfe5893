#if canImport(Glibc)
  import Glibc
#endif

/// A new file of the copy written front to back (mode 0600, never through
/// a link): a table's image, or the people's text a full refresh spools.
///
/// Threading: owned by one thread at a time; its calls block on the file
/// system.
final class OutputFile {
  let path: String
  private let descriptor: Int32

  /// A new, empty file at `path` (replacing any).
  init(create path: String) throws(ReplicaError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .system("create", path, errno: errno) }
    self.path = path
    descriptor = fd
  }

  deinit { close(descriptor) }

  /// Appends `bytes`, whole.
  func write(_ bytes: UnsafeRawBufferPointer) throws(ReplicaError) {
    var written = 0
    while written < bytes.count {
      let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { throw .system("write", path, errno: errno) }
      written += count
    }
  }

  /// Appends `bytes`, whole.
  func write(_ bytes: [UInt8]) throws(ReplicaError) {
    let failure = bytes.withUnsafeBytes { bytes -> ReplicaError? in
      do throws(ReplicaError) {
        try write(bytes)
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw failure }
  }

  /// Waits until what was written is on the disk.
  func sync() throws(ReplicaError) {
    guard fsync(descriptor) == 0 else { throw .system("sync", path, errno: errno) }
  }

  /// What was written, mapped read-only; nil when nothing was.
  func mapped() throws(ReplicaError) -> TableMapping? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .system("read", path, errno: errno) }
    guard status.st_size > 0 else { return nil }
    guard let mapping = TableMapping(path: path) else {
      throw ReplicaError("could not map \(path)")
    }
    return mapping
  }
}
