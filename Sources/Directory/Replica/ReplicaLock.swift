#if canImport(Glibc)
  import Glibc
#endif

/// An offline copy's folder held by one ``ReplicaStore`` at a time: an
/// exclusive `flock` on the file `lock` in it, taken without waiting and
/// held until this goes. Another Roster process, or another window of the
/// same one, is refused with ``ReplicaError/isInUse`` rather than opening
/// the copy beside the holder (each would delete the other's files, and a
/// file rewritten under the other's mapping would end it with SIGBUS). The
/// kernel lets go of the lock when the process ends, however it ends.
///
/// Threading: immutable; `Sendable`. Made and dropped on any thread.
public final class ReplicaLock: Sendable {
  /// The lock file's name in the copy's folder.
  static let fileName = "lock"

  /// The folder held.
  public let folder: String
  private let descriptor: Int32

  /// Takes the lock of the copy in `folder` (made, mode 0700, when
  /// missing); throws ``ReplicaError/isInUse`` when another holds it
  /// still after `waiting` (a store of this process closing: its sync
  /// lets go within a few hundred milliseconds once cancelled).
  public init(folder: String, waiting: Duration = .zero) throws(ReplicaError) {
    try ReplicaStore.makePrivateFolder(folder)
    let path = folder + "/" + Self.fileName
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .system("open", path, errno: errno) }
    let deadline = ContinuousClock.now + waiting
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EWOULDBLOCK, ContinuousClock.now < deadline {
        var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
        nanosleep(&pause, nil)
        continue
      }
      close(fd)
      if code == EWOULDBLOCK { throw .inUse(folder) }
      throw .system("lock", path, errno: code)
    }
    self.folder = folder
    descriptor = fd
  }

  deinit { close(descriptor) }

}
