import FoundationEssentials
import Glibc

/// Writes a file so that it appears complete or not at all: the bytes go to
/// a new temporary file beside the destination (created with `O_EXCL`, so
/// nothing else's file is reused), which is synced and then renamed over
/// the destination; the folder is synced after the rename. Until
/// ``commit()`` the destination is untouched; ``discard()`` (or dropping
/// the writer uncommitted) removes the temporary file. The file keeps the
/// permissions of the one it replaces (a private file stays private: the
/// temporary file is made 0600 and then given them); a new one takes the
/// user's umask.
///
/// Threading: owned by one task; not `Sendable`. Its calls block on the
/// file system: use it off the main thread.
public final class AtomicFileWriter {
  /// Where the file goes.
  let destination: URL
  /// The temporary file beside it, while it exists.
  private(set) var temporaryPath: String?
  private var descriptor: Int32

  /// Creates the temporary file beside `destination`; throws when the
  /// folder is missing or not writable.
  init(destination: URL) throws(ExportError) {
    self.destination = destination
    let folder = destination.deletingLastPathComponent().path
    let name = destination.lastPathComponent
    var replaced = stat()
    let replacedMode: mode_t? =
      stat(destination.path, &replaced) == 0 && replaced.st_mode & S_IFMT == S_IFREG
      ? replaced.st_mode & 0o777 : nil
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<16 {
      let suffix = String(generator.next() & 0xFFFF_FFFF, radix: 36)
      let path = folder + "/." + name + "." + suffix + ".part"
      let fd = open(
        path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, replacedMode == nil ? 0o666 : 0o600)
      if fd >= 0 {
        if let replacedMode { fchmod(fd, replacedMode) }
        descriptor = fd
        temporaryPath = path
        return
      }
      guard errno == EEXIST else {
        throw .system("write in the folder", folder, errno: errno)
      }
    }
    throw ExportError("cannot create a temporary file in \u{201C}\(folder)\u{201D}")
  }

  deinit { discard() }

  /// Appends `bytes` to the temporary file.
  func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
    guard var base = bytes.baseAddress, let path = temporaryPath else { return }
    var left = bytes.count
    while left > 0 {
      let written = Glibc.write(descriptor, base, left)
      if written < 0 {
        if errno == EINTR { continue }
        throw .system("write", path, errno: errno)
      }
      base += written
      left -= written
    }
  }

  /// Syncs the temporary file, renames it to the destination and syncs the
  /// folder: after this the destination holds every byte written.
  func commit() throws(ExportError) {
    guard let path = temporaryPath else { return }
    if fsync(descriptor) != 0 { throw .system("sync", path, errno: errno) }
    if close(descriptor) != 0 {
      descriptor = -1
      throw .system("close", path, errno: errno)
    }
    descriptor = -1
    if rename(path, destination.path) != 0 {
      throw .system("rename to", destination.path, errno: errno)
    }
    temporaryPath = nil
    let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Removes the temporary file, leaving the destination as it was.
  func discard() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    if let path = temporaryPath {
      unlink(path)
      temporaryPath = nil
    }
  }
}
