#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of a change history: an 8-byte mark (`RTRSHIS1`), then one
/// record a change, each its length and CRC-32 (little-endian, 32 bits
/// each) and the change's bytes (``PersonChange``), as the copy's own
/// files frame theirs (``ReplicaFile``). Read back, a file is whole, ends
/// in a record cut short (a write torn by a crash: the record is lost, the
/// rest stands), or is damaged (a wrong mark, a record that fails its
/// checksum or does not decode, with bytes after it).
///
/// Threading: stateless; any thread. Its calls block on the file system.
enum ChangeHistoryFile {
  /// The file's first bytes.
  static let mark = Array("RTRSHIS1".utf8)
  /// The largest record a reader takes: five texts of at most
  /// `FieldLimit`'s size and a few bytes, with room to spare.
  static let maxRecordBytes = 64 << 10

  /// What a history file holds.
  struct Contents {
    /// The changes read, oldest first.
    var changes: [PersonChange] = []
    /// The records' lengths as framed, in the order of ``changes``.
    var lengths: [Int] = []
    /// How many bytes from the start are whole (the mark and ``changes``).
    var validLength = 0
    /// Bytes after ``validLength`` that are a record cut short.
    var tornBytes = 0
    /// Where the damage starts, when the file is damaged.
    var damagedAt: Int?
    /// Whether the file exists.
    var exists = true
  }

  /// `change` framed as a record.
  static func record(_ change: PersonChange) -> [UInt8] {
    let bytes = change.bytes
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { out.append(contentsOf: $0) }
    withUnsafeBytes(of: CRC32.of(bytes).littleEndian) { out.append(contentsOf: $0) }
    out.append(contentsOf: bytes)
    return out
  }

  /// Reads the history at `path` whole. A missing file holds nothing.
  static func read(_ path: String) throws(ReplicaError) -> Contents {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    if fd < 0, errno == ENOENT { return Contents(exists: false) }
    guard fd >= 0 else { throw .system("open", path, errno: errno) }
    defer { close(fd) }
    // Chunks of the file's size, up to 1 MiB: a short history costs what
    // it holds (one more byte finds its end), a long one 1 MiB at a time.
    var status = stat()
    let size = fstat(fd, &status) == 0 ? max(0, Int(status.st_size)) : 0
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    var chunk = [UInt8](repeating: 0, count: min(1 << 20, size + 1))
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .system("read", path, errno: errno)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return parse(bytes)
  }

  /// What `bytes` hold as a history file.
  static func parse(_ bytes: [UInt8]) -> Contents {
    var contents = Contents()
    guard !bytes.isEmpty else { return contents }
    guard bytes.count >= mark.count else {
      // A mark cut short is a file whose first write was torn.
      if mark.starts(with: bytes) {
        contents.tornBytes = bytes.count
      } else {
        contents.damagedAt = 0
      }
      return contents
    }
    guard bytes.starts(with: mark) else {
      contents.damagedAt = 0
      return contents
    }
    var start = mark.count
    contents.validLength = start
    while start < bytes.count {
      let left = bytes.count - start
      guard left >= 8 else {
        contents.tornBytes = left
        return contents
      }
      let length = word(bytes, at: start)
      guard length <= maxRecordBytes else {
        contents.damagedAt = start
        return contents
      }
      guard left - 8 >= length else {
        contents.tornBytes = left
        return contents
      }
      let body = bytes[(start + 8)..<(start + 8 + length)]
      guard CRC32.of(body) == UInt32(word(bytes, at: start + 4)),
        let change = PersonChange(body)
      else {
        // The last record failing its checksum is a torn write too (its
        // length written, its bytes not all); anything after it is damage.
        if start + 8 + length == bytes.count {
          contents.tornBytes = left
        } else {
          contents.damagedAt = start
        }
        return contents
      }
      contents.changes.append(change)
      contents.lengths.append(8 + length)
      start += 8 + length
      contents.validLength = start
    }
    return contents
  }

  private static func word(_ bytes: [UInt8], at offset: Int) -> Int {
    var value = 0
    for shift in 0..<4 { value |= Int(bytes[offset + shift]) << (8 * shift) }
    return value
  }
}
