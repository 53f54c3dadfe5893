#if canImport(Glibc)
  import Glibc
#endif

/// A file of checksummed records, written by appending and read back in
/// order: each record is its length and CRC-32 (little-endian, 32 bits
/// each) and then its bytes. Reading stops at the first record that is
/// cut short or does not match its checksum (a write torn by a crash, or a
/// damaged file): what comes before it is the file's content, and a file
/// opened for appending is cut back to it. Files are created mode 0600.
///
/// Threading: owned by one thread at a time; its calls block on the file
/// system.
final class ReplicaFile {
  /// The largest record read back, and written (a person is bounded by
  /// `FieldLimit`, a cookie by ``ReplicaRecord/maxCookieBytes``).
  static let maxRecordBytes = 1 << 20

  let path: String
  private let descriptor: Int32
  private var pending: [UInt8] = []

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// A new, empty file at `path` (replacing any).
  static func create(_ path: String) throws(ReplicaError) -> ReplicaFile {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .system("create", path, errno: errno) }
    return ReplicaFile(path: path, descriptor: fd)
  }

  /// The file at `path` (created when missing) opened to append after its
  /// first `validLength` bytes; anything beyond them is cut off.
  static func append(to path: String, validLength: Int) throws(ReplicaError) -> ReplicaFile {
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .system("open", path, errno: errno) }
    guard ftruncate(fd, off_t(validLength)) == 0, lseek(fd, 0, SEEK_END) >= 0 else {
      let code = errno
      close(fd)
      throw .system("cut back", path, errno: code)
    }
    return ReplicaFile(path: path, descriptor: fd)
  }

  /// Adds `records` (buffered until ``flush(sync:)``): all of them, or
  /// none when one is larger than a reader takes (``maxRecordBytes``),
  /// which would end what is read of the file there.
  func append(_ records: [ReplicaRecord]) throws(ReplicaError) {
    var encoded: [[UInt8]] = []
    for record in records { encoded.append(try Self.bytes(of: record)) }
    for bytes in encoded {
      withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { pending.append(contentsOf: $0) }
      withUnsafeBytes(of: CRC32.of(bytes).littleEndian) { pending.append(contentsOf: $0) }
      pending.append(contentsOf: bytes)
    }
  }

  /// Adds `record` (buffered until ``flush(sync:)``), unless it is larger
  /// than a reader takes.
  func append(_ record: ReplicaRecord) throws(ReplicaError) { try append([record]) }

  /// `record`'s bytes, when a reader takes them back.
  private static func bytes(of record: ReplicaRecord) throws(ReplicaError) -> [UInt8] {
    if case .cookie(let cookie) = record { try ReplicaRecord.check(cookie: cookie) }
    let bytes = record.bytes
    guard bytes.count <= maxRecordBytes else {
      throw ReplicaError(
        "a record of \(bytes.count) bytes is more than the copy's files hold (\(maxRecordBytes))")
    }
    return bytes
  }

  /// How many bytes wait in memory.
  var pendingBytes: Int { pending.count }

  /// Writes what is buffered; with `sync`, waits until it is on the disk.
  func flush(sync: Bool) throws(ReplicaError) {
    try WholeWrite.write(pending, to: descriptor, path: path)
    pending.removeAll(keepingCapacity: true)
    if sync, fsync(descriptor) != 0 { throw .system("sync", path, errno: errno) }
  }

  /// Reads the records of the file at `path` in order, handing each to
  /// `body`; returns how many bytes the intact records take. A missing
  /// file has none.
  @discardableResult
  static func read(_ path: String, _ body: (ReplicaRecord) throws(ReplicaError) -> Void)
    throws(ReplicaError) -> Int
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    if fd < 0, errno == ENOENT { return 0 }
    guard fd >= 0 else { throw .system("open", path, errno: errno) }
    defer { close(fd) }
    var buffer: [UInt8] = []
    var start = 0
    var valid = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    var atEnd = false
    while true {
      // Every whole record in the buffer.
      while buffer.count - start >= 8 {
        let length = Self.word(buffer, at: start)
        let checksum = Self.word(buffer, at: start + 4)
        guard length <= maxRecordBytes else { return valid }
        guard buffer.count - start - 8 >= length else { break }
        let bytes = buffer[(start + 8)..<(start + 8 + length)]
        guard CRC32.of(bytes) == UInt32(checksum), let record = ReplicaRecord(bytes) else {
          return valid
        }
        try body(record)
        start += 8 + length
        valid += 8 + length
      }
      if atEnd { return valid }
      buffer.removeFirst(start)
      start = 0
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system("read", path, errno: errno)
      }
      if count == 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<count]) }
    }
  }

  private static func word(_ bytes: [UInt8], at offset: Int) -> Int {
    var value = 0
    for shift in 0..<4 { value |= Int(bytes[offset + shift]) << (8 * shift) }
    return value
  }
}

/// Why a replica's files could not be read or written.
///
/// Threading: a plain value; `Sendable`.
public struct ReplicaError: Error, Sendable, Equatable, CustomStringConvertible {
  public let description: String

  /// Whether another store holds the copy (``ReplicaLock``): another
  /// Roster process or window has it open.
  public let isInUse: Bool

  init(_ description: String) {
    self.description = description
    isInUse = false
  }

  private init(inUse folder: String) {
    description =
      "the offline copy in \(folder) is in use by another Roster window or process"
    isInUse = true
  }

  /// The copy in `folder` is held by another store.
  static func inUse(_ folder: String) -> ReplicaError { ReplicaError(inUse: folder) }

  static func system(_ action: String, _ path: String, errno code: Int32) -> ReplicaError {
    ReplicaError("could not \(action) \(path): \(String(cString: strerror(code)))")
  }
}
