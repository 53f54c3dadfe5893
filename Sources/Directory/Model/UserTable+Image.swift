#if canImport(Glibc)
  import Glibc
#endif

/// A table as one file that opens without reading it: its columns' bytes
/// back to back, each aligned to 8 bytes after a count and a width, between
/// a leading and a trailing magic number. ``init(image:)`` maps the file
/// and points the columns into it, so a million people open in the time of
/// a few system calls, and their pages are read from the disk or the page
/// cache as the rows show them. An offline copy keeps its people this way
/// (``ReplicaStore``).
///
/// The file is Roster's own, written whole then renamed into place; what
/// is checked on opening is its frame (the magic numbers, every column's
/// size within the file, the columns' counts agreeing with each other and
/// the last offsets within their text), not every value: a value out of
/// place stops Roster at a bounds check, never reads outside the mapping.
extension UserTable {
  private static let leadingMagic: UInt64 = 0x3142_5454_5352_5452  // "RTRSTTB1"
  private static let trailingMagic: UInt64 = 0x3144_4E45_5354_5252  // "RRSTEND1"

  /// The table's columns in the image's order, with each one's values'
  /// bytes and width.
  private var imageColumns: [(bytes: UnsafeRawBufferPointer, width: Int)] {
    let c = columns
    precondition(
      c.avatars.isFlat && c.values.isFlat && c.managerReferences.isFlat,
      "an image is of a table with flat pools (withFlatPools)")
    func compact<Value>(_ column: CompactColumn<Value>) -> (UnsafeRawBufferPointer, Int) {
      (UnsafeRawBufferPointer(column.all), MemoryLayout<Value>.stride)
    }
    func narrow(_ column: NarrowColumn) -> (UnsafeRawBufferPointer, Int) {
      (column.rawBytes, column.width)
    }
    return [
      compact(c.text), compact(c.starts), narrow(c.lengths), narrow(c.avatarIDs),
      compact(c.roles), compact(c.avatars.text), compact(c.avatars.starts),
      compact(c.values.text), compact(c.values.starts), narrow(c.titles),
      narrow(c.departments), narrow(c.locations), compact(c.managers),
      compact(c.managerReferences.text), compact(c.managerReferences.starts),
    ]
  }

  /// The table with every pool's strings in one arena, as its image
  /// stores them: this table unless it was patched (the other columns are
  /// shared).
  public var withFlatPools: UserTable {
    var flat = columns
    guard !(flat.avatars.isFlat && flat.values.isFlat && flat.managerReferences.isFlat) else {
      return self
    }
    flat.avatars = flat.avatars.flattened()
    flat.values = flat.values.flattened()
    flat.managerReferences = flat.managerReferences.flattened()
    return UserTable(flat, linkingManagers: false)
  }

  /// The bytes of the table's image (of ``withFlatPools``): what
  /// ``init(image:)`` opens.
  public var imageSize: Int {
    16 + imageColumns.reduce(8) { $0 + 16 + Self.padded($1.bytes.count) }
  }

  private static func padded(_ count: Int) -> Int { (count + 7) & ~7 }

  /// Writes the table's image, handing `write` each run of its bytes in
  /// order.
  public func writeImage(_ write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    func number(_ value: UInt64) throws {
      try withUnsafeBytes(of: value.littleEndian) { try write($0) }
    }
    let zeros = [UInt8](repeating: 0, count: 8)
    try number(Self.leadingMagic)
    try number(UInt64(userCount))
    for (bytes, width) in imageColumns {
      try number(UInt64(bytes.count / width))
      try number(UInt64(width))
      if !bytes.isEmpty { try write(bytes) }
      let padding = Self.padded(bytes.count) - bytes.count
      if padding > 0 {
        try zeros.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<padding])) }
      }
    }
    try number(Self.trailingMagic)
  }

  /// The table in the image file at `path` (``writeImage(_:)``), mapped;
  /// nil when the file is missing or its frame is not an image's.
  public convenience init?(image path: String) {
    guard let mapping = TableMapping(path: path),
      let columns = Self.columns(in: mapping)
    else { return nil }
    // Written from a table whose managers were linked: what is left
    // unlinked names nobody in it.
    self.init(columns, linkingManagers: false)
  }

  private static func columns(in mapping: TableMapping) -> Columns? {
    var reader = ImageReader(mapping: mapping)
    guard reader.number() == leadingMagic, let people = reader.number().map(Int.init) else {
      return nil
    }
    guard let text = reader.compact(UInt8.self), let starts = reader.compact(UInt32.self),
      let lengths = reader.narrow(), let avatarIDs = reader.narrow(),
      let roles = reader.compact(UInt8.self), let avatarText = reader.compact(UInt8.self),
      let avatarStarts = reader.compact(UInt32.self), let valueText = reader.compact(UInt8.self),
      let valueStarts = reader.compact(UInt32.self), let titles = reader.narrow(),
      let departments = reader.narrow(), let locations = reader.narrow(),
      let managers = reader.compact(UInt32.self), let referenceText = reader.compact(UInt8.self),
      let referenceStarts = reader.compact(UInt32.self),
      reader.number() == trailingMagic, reader.isAtEnd
    else { return nil }
    // The counts agree, and every pool's and the text's last offset is in its text.
    guard roles.count == people, starts.count == people + 1,
      lengths.count == people * ownFieldCount, avatarIDs.count == people,
      titles.count == people, departments.count == people, locations.count == people,
      [
        (text, starts), (avatarText, avatarStarts), (valueText, valueStarts),
        (referenceText, referenceStarts),
      ].allSatisfy({ text, starts in
        starts.count > 0 && Int(starts[starts.count - 1]) <= text.count
      })
    else { return nil }
    var columns = Columns()
    columns.text = text
    columns.starts = starts
    columns.lengths = lengths
    columns.avatarIDs = avatarIDs
    columns.roles = roles
    columns.avatars = StringPool(text: avatarText, starts: avatarStarts)
    columns.values = StringPool(text: valueText, starts: valueStarts)
    columns.titles = titles
    columns.departments = departments
    columns.locations = locations
    columns.managers = managers
    columns.managerReferences = StringPool(text: referenceText, starts: referenceStarts)
    return columns
  }
}

/// Reads an image's numbers and columns in order, each within the mapping.
///
/// Threading: a local value of one opening.
private struct ImageReader {
  let mapping: TableMapping
  var offset = 0

  var isAtEnd: Bool { offset == mapping.bytes.count }

  mutating func number() -> UInt64? {
    guard offset + 8 <= mapping.bytes.count else { return nil }
    defer { offset += 8 }
    return UInt64(
      littleEndian: mapping.bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  /// A column's count and width, and the start of its values, checked to
  /// lie in the file.
  private mutating func block(width expected: Int?) -> (UnsafeRawPointer, Int, Int)? {
    guard let count = number(), let width = number(), count < UInt64(Int32.max) * 8,
      [1, 2, 4].contains(width), expected == nil || Int(width) == expected
    else { return nil }
    let bytes = Int(count) * Int(width)
    let padded = (bytes + 7) & ~7
    guard offset + padded <= mapping.bytes.count, let base = mapping.bytes.baseAddress else {
      return nil
    }
    defer { offset += padded }
    return (base + offset, Int(count), Int(width))
  }

  mutating func compact<Value: BitwiseCopyable>(_ type: Value.Type) -> CompactColumn<Value>? {
    guard let (start, count, _) = block(width: MemoryLayout<Value>.stride) else { return nil }
    return CompactColumn(mapped: start, count: count, in: mapping)
  }

  mutating func narrow() -> NarrowColumn? {
    guard let (start, count, width) = block(width: nil) else { return nil }
    return NarrowColumn(mapped: start, count: count, width: width, in: mapping)
  }
}
