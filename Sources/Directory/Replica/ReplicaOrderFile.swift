#if canImport(Glibc)
  import Glibc
#endif

/// The order an offline copy's people are shown in, kept beside them
/// (`order-G` beside `people-G`): everyone's positions by username, sorted
/// in the collation of the time (named in the file) when the generation
/// was written. A copy opened again in the same collation shows its
/// people in that order at once (``UserTable/knownOrder``); in another, or
/// when the file is missing or not whole, they are sorted as any table is.
///
/// The file: a magic number (naming the layout), the collation's name
/// (its length, then its bytes padded to 8), the count, each position as
/// 32 bits, a checksum of everything before it (``Checksum64``), a closing
/// magic number; all little-endian. A file that fails any of it is left
/// aside, never a trap.
///
/// Threading: stateless; its calls block on the file system.
enum ReplicaOrderFile {
  /// The order kept: by username, as a server's page opens.
  static let order = PersonSort([.init(.username)])

  private static let leadingMagic: UInt64 = 0x3244_524F_5352_5452  // "RTRSORD2"
  private static let trailingMagic: UInt64 = 0x3144_4E45_4452_4F52  // "RORDEND1"
  /// Positions written at once.
  private static let chunk = 65_536

  /// Sorts `table` by ``order``, keeps the positions with it, and writes
  /// them to the file at `path` (a temporary file beside it, synced, then
  /// renamed: a reader never sees half of one).
  static func write(_ table: UserTable, to path: String) throws(ReplicaError) {
    let locale = SortRankCache.currentLocale
    guard let positions = table.sortedPositions(by: order, isCancelled: { false }) else { return }
    table.knownOrder.store(positions, in: order, locale: locale)
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let temporary = String(path[..<slash]) + "." + String(path[slash...])
    try write(positions, locale: locale, to: temporary)
    guard rename(temporary, path) == 0 else { throw .system("rename", temporary, errno: errno) }
  }

  private static func write(_ positions: [Int], locale: String, to path: String)
    throws(ReplicaError)
  {
    let file = try OutputFile(create: path)
    var bytes: [UInt8] = []
    var checksum = Checksum64()
    func write() throws(ReplicaError) {
      bytes.withUnsafeBytes { checksum.add($0) }
      try file.write(bytes)
      bytes.removeAll(keepingCapacity: true)
    }
    func number(_ value: UInt64) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    number(leadingMagic)
    number(UInt64(locale.utf8.count))
    bytes.append(contentsOf: locale.utf8)
    bytes.append(contentsOf: [UInt8](repeating: 0, count: padding(locale.utf8.count)))
    number(UInt64(positions.count))
    for start in stride(from: 0, to: positions.count, by: chunk) {
      for position in positions[start..<min(start + chunk, positions.count)] {
        withUnsafeBytes(of: UInt32(position).littleEndian) { bytes.append(contentsOf: $0) }
      }
      try write()
    }
    try write()
    number(checksum.value)
    number(trailingMagic)
    try file.write(bytes)
    try file.sync()
  }

  /// Everyone of `table` in ``order`` as the file at `path` holds them,
  /// kept with the table, when the file is whole, made in the current
  /// collation, and a reordering of exactly the table's people; else
  /// nothing.
  static func read(_ path: String, into table: UserTable) {
    guard let mapping = TableMapping(path: path) else { return }
    let locale = SortRankCache.currentLocale
    let bytes = mapping.bytes
    var offset = 0
    func number() -> UInt64? {
      guard offset + 8 <= bytes.count else { return nil }
      defer { offset += 8 }
      return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    guard number() == leadingMagic, let length = number().flatMap({ Int(exactly: $0) }),
      length <= 256,
      offset + length <= bytes.count,
      String(decoding: bytes[offset..<(offset + length)], as: UTF8.self) == locale
    else { return }
    offset += length + padding(length)
    let count = table.userCount
    guard number() == UInt64(count), offset + 4 * count + 16 == bytes.count,
      Checksum64.of(UnsafeRawBufferPointer(rebasing: bytes[..<(offset + 4 * count)]))
        == UInt64(
          littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4 * count, as: UInt64.self))
    else { return }
    var seen = BitSet(count: count)
    var positions = [Int](repeating: 0, count: count)
    for k in 0..<count {
      let position = Int(
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4 * k, as: UInt32.self)))
      guard position < count, seen.insert(position) else { return }
      positions[k] = position
    }
    offset += 4 * count + 8
    guard number() == trailingMagic else { return }
    table.knownOrder.store(positions, in: order, locale: locale)
  }

  private static func padding(_ count: Int) -> Int { (8 - count % 8) % 8 }
}
