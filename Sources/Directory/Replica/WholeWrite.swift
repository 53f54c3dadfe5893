#if canImport(Glibc)
  import Glibc
#endif

/// Writes all of a buffer to a file descriptor with `write(2)`, again
/// after a short write or an interrupted call: the offline copy's files
/// and its change history append this way.
///
/// Threading: stateless; any thread.
enum WholeWrite {
  /// Writes every byte of `bytes` to `descriptor`; a failure names `path`.
  static func write(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ReplicaError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .system("write", path, errno: errno)
      }
      offset += written
    }
  }
}
