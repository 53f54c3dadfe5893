import SharedSupport

#if canImport(Glibc)
  import Glibc
#endif

/// How the people of one generation of an offline copy are named where
/// others refer to them, when not by their identity: an LDAP server's
/// reports name their manager by DN, while the copy knows people by their
/// entryUUID or objectGUID (which survive a rename). Kept beside the copy
/// as `links-G`, so that a manager named by a change that arrives later is
/// linked to the person the copy holds.
///
/// The file: "RSTLINK1", the count (64 bits), then for each person named
/// a 64-bit FNV-1a hash of the name and their position in generation G's
/// people, sorted by hash, then a ``Checksum64`` of everything before it;
/// all little-endian. It is mapped, not read: a million people cost
/// 16 MB of disk and only the pages a lookup touches. Two names whose
/// hashes meet (about one chance in 10¹⁰ for a million) would link the
/// one to the other's holder: the name itself is not kept.
///
/// Threading: immutable once made; `Sendable`.
final class ReplicaLinkNames: Sendable {
  private let mapping: TableMapping
  private let count: Int

  private static let magic = Array("RSTLINK1".utf8)
  private static let header = 16

  /// The names kept at `path`; nil when the file is missing, damaged or
  /// not one (the copy then links what it can by identity alone).
  init?(path: String) {
    guard let mapping = try? TableMapping.mapping(path) else { return nil }
    let bytes = mapping.bytes
    guard bytes.count >= Self.header + 8,
      bytes.prefix(8).elementsEqual(Self.magic)
    else { return nil }
    let count = Int(truncatingIfNeeded: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    guard count >= 0, count <= (bytes.count - Self.header - 8) / 16,
      bytes.count == Self.header + count * 16 + 8
    else { return nil }
    let body = UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 8)])
    let stored = bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
    guard Checksum64.of(body) == UInt64(littleEndian: stored) else { return nil }
    // Checked: the pages go until a lookup reads them again.
    mapping.release()
    self.mapping = mapping
    self.count = count
  }

  /// The position of the person named `name` in the generation's people;
  /// nil when no one is.
  func position(of name: some Collection<UInt8>) -> Int? {
    let wanted = StableHash.fnv1a(bytes: name)
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if hash(at: middle) < wanted { low = middle + 1 } else { high = middle }
    }
    guard low < count, hash(at: low) == wanted else { return nil }
    return Int(
      truncatingIfNeeded: UInt64(
        littleEndian: mapping.bytes.loadUnaligned(
          fromByteOffset: Self.header + low * 16 + 8, as: UInt64.self)))
  }

  /// Calls `body` with each name's hash and its holder's position.
  func forEachName(_ body: (UInt64, Int) -> Void) {
    for index in 0..<count {
      body(
        hash(at: index),
        Int(
          truncatingIfNeeded: UInt64(
            littleEndian: mapping.bytes.loadUnaligned(
              fromByteOffset: Self.header + index * 16 + 8, as: UInt64.self))))
    }
  }

  private func hash(at index: Int) -> UInt64 {
    UInt64(
      littleEndian: mapping.bytes.loadUnaligned(
        fromByteOffset: Self.header + index * 16, as: UInt64.self))
  }

  /// Writes `names` (a hash of each name and its holder's position) to a
  /// new file at `path`, sorted, checksummed and synced.
  static func write(_ names: [(hash: UInt64, position: Int)], to path: String)
    throws(ReplicaError)
  {
    let sorted = names.sorted { $0.hash < $1.hash }
    var bytes = magic
    bytes.reserveCapacity(header + sorted.count * 16 + 8)
    func append(_ value: UInt64) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    append(UInt64(sorted.count))
    for name in sorted {
      append(name.hash)
      append(UInt64(name.position))
    }
    append(bytes.withUnsafeBytes { Checksum64.of($0) })
    let file = try OutputFile(create: path)
    try file.write(bytes)
    try file.sync()
  }
}

/// The names a full refresh's people are linked by while their table is
/// made: a hash of each name and its holder's position, sorted once for
/// lookups.
///
/// Threading: a plain value; one owner.
struct LinkNameList {
  private(set) var names: [(hash: UInt64, position: Int)] = []
  private var isSorted = true

  /// How many names there may be: room for them all is made at the
  /// first (an array doubling as it fills would hold three times a
  /// million names' 16 bytes at its peak), none when no one has one.
  var expected = 0

  /// Notes that the person at `position` is named `name`.
  mutating func append(_ name: String, at position: Int) {
    if names.capacity == 0 { names.reserveCapacity(expected) }
    names.append((StableHash.fnv1a(name), position))
    isSorted = false
  }

  /// Sorts the names for ``position(of:)``.
  mutating func sort() {
    guard !isSorted else { return }
    names.sort { $0.hash < $1.hash }
    isSorted = true
  }

  /// The position of the person named `name` (sorted first).
  func position(of name: some Collection<UInt8>) -> Int? {
    precondition(isSorted, "sort() the names before looking them up")
    let wanted = StableHash.fnv1a(bytes: name)
    let index = names.partitioningIndex { $0.hash >= wanted }
    guard index < names.count, names[index].hash == wanted else { return nil }
    return names[index].position
  }
}
