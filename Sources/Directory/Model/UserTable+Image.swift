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
/// The file is Roster's own, written whole then renamed into place, yet
/// a disk, a crash or a person may damage it, so all of it is checked on
/// opening: its frame (the magic numbers, every column's size within the
/// file, the columns' counts agreeing with each other), a checksum of
/// every byte before it (``Checksum64``), and every value that places
/// another (offsets increasing and within their text, pool numbers and
/// manager links within their pools and the table). An image that fails
/// is no image, never a trap when its rows show. The leading magic number
/// names the layout: an image of another (older) layout is no image.
extension UserTable {
  private static let leadingMagic: UInt64 = 0x3342_5454_5352_5452  // "RTRSTTB3"
  private static let trailingMagic: UInt64 = 0x3144_4E45_5354_5252  // "RRSTEND1"

  /// The table's columns in the image's order: a column's own bytes when
  /// they are stored as the image stores them, else made person by person
  /// (a patched table's, whose rows are shared and placed by its row map,
  /// and pools in two parts), so an image is written without a copy of
  /// the table.
  private var imageColumns: [ImageColumn] {
    let c = columns
    let references = DeadLinks(self)
    func compact<Value>(_ column: CompactColumn<Value>) -> ImageColumn {
      .parts(column.parts.map(UnsafeRawBufferPointer.init), width: MemoryLayout<Value>.stride)
    }
    func narrow(_ column: NarrowColumn) -> ImageColumn {
      guard rowMap != nil || !column.isFlat else {
        return .parts([column.rawBytes], width: column.width)
      }
      return .made(count: userCount, width: column.widestWidth, units: userCount) { range, out in
        for position in range {
          out.append(Int(column[self.row(position)]), width: column.widestWidth)
        }
      }
    }
    func pool(_ pool: StringPool, adding extra: [UnsafeBufferPointer<UInt8>] = [])
      -> [ImageColumn]
    {
      let text =
        pool.textParts.map(UnsafeRawBufferPointer.init) + extra.map(UnsafeRawBufferPointer.init)
      var end = Int(pool.start(pool.count))
      return [
        .parts(text, width: 1),
        .made(count: pool.count + 1 + extra.count, width: 4, units: pool.count + 1 + extra.count) {
          range, out in
          for k in range {
            if k <= pool.count {
              out.append(Int(pool.start(k)), width: 4)
            } else {
              end += extra[k - pool.count - 1].count
              out.append(end, width: 4)
            }
          }
        },
      ]
    }
    guard rowMap != nil else {
      return [
        compact(c.text), compact(c.starts), narrow(c.lengths), narrow(c.avatarIDs),
        compact(c.roles),
      ]
        + pool(c.avatars) + pool(c.values)
        + [
          narrow(c.titles), narrow(c.departments), narrow(c.locations), narrow(c.cities),
          compact(c.managers),
        ]
        + pool(c.managerReferences)
    }
    let people = userCount
    var textBytes = 0
    for position in 0..<people { textBytes += text(row: row(position)).count }
    var offset = 0
    let own = Self.ownFieldCount
    let lengthWidth = c.lengths.widestWidth
    return [
      .made(count: textBytes, width: 1, units: people) { range, out in
        for position in range { out.bytes.append(contentsOf: self.text(row: self.row(position))) }
      },
      .made(count: people + 1, width: 4, units: people + 1) { range, out in
        for position in range {
          out.append(offset, width: 4)
          if position < people { offset += self.text(row: self.row(position)).count }
        }
      },
      .made(count: people * own, width: lengthWidth, units: people) { range, out in
        for position in range {
          let row = self.row(position)
          for k in 0..<own { out.append(Int(c.lengths[row * own + k]), width: lengthWidth) }
        }
      },
      narrow(c.avatarIDs),
      .made(count: people, width: 1, units: people) { range, out in
        for position in range { out.bytes.append(c.roles[self.row(position)]) }
      },
    ] + pool(c.avatars) + pool(c.values)
      + [
        narrow(c.titles), narrow(c.departments), narrow(c.locations), narrow(c.cities),
        .made(count: people, width: 4, units: people) { range, out in
          for position in range {
            out.append(Int(references.link(c.managers[self.row(position)], in: self)), width: 4)
          }
        },
      ] + pool(c.managerReferences, adding: references.identities)
  }

  /// The bytes of the table's image: what ``init(image:)`` opens.
  public var imageSize: Int {
    24 + imageColumns.reduce(8) { $0 + 16 + Self.padded($1.count * $1.width) }
  }

  private static func padded(_ count: Int) -> Int { (count + 7) & ~7 }

  /// The most of a column's part written at once (``writeImage(_:)``).
  private static let partSlice = 4 << 20

  /// Writes the table's image, handing `write` each run of its bytes in
  /// order.
  public func writeImage(_ output: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    // Everything before the checksum is checksummed as it goes out.
    var checksum = Checksum64()
    func write(_ bytes: UnsafeRawBufferPointer) throws {
      checksum.add(bytes)
      try output(bytes)
    }
    func number(_ value: UInt64) throws {
      try withUnsafeBytes(of: value.littleEndian) { try write($0) }
    }
    let zeros = [UInt8](repeating: 0, count: 8)
    try number(Self.leadingMagic)
    try number(UInt64(userCount))
    for column in imageColumns {
      try number(UInt64(column.count))
      try number(UInt64(column.width))
      let bytes = column.count * column.width
      var written = 0
      switch column {
      case .parts(let parts, _):
        // A few MiB at a time, letting go of a mapped image's pages read.
        for part in parts where !part.isEmpty {
          for start in stride(from: 0, to: part.count, by: Self.partSlice) {
            let end = Swift.min(start + Self.partSlice, part.count)
            try write(UnsafeRawBufferPointer(rebasing: part[start..<end]))
            releaseMappedPages()
          }
          written += part.count
        }
      case .made(_, _, let units, let fill):
        var chunk = ImageChunk()
        for first in stride(from: 0, to: units, by: ImageChunk.units) {
          chunk.bytes.removeAll(keepingCapacity: true)
          fill(first..<Swift.min(first + ImageChunk.units, units), &chunk)
          try chunk.bytes.withUnsafeBytes { try write($0) }
          written += chunk.bytes.count
          if first & (Self.pageReleaseStride - 1) == 0 { releaseMappedPages() }
        }
        releaseMappedPages()
      }
      precondition(written == bytes, "an image column's bytes are its count times its width")
      let padding = Self.padded(bytes) - bytes
      if padding > 0 {
        try zeros.withUnsafeBytes { try write(UnsafeRawBufferPointer(rebasing: $0[..<padding])) }
      }
    }
    try number(checksum.value)
    try number(Self.trailingMagic)
  }

  /// The table in the image file at `path` (``writeImage(_:)``), mapped;
  /// nil when the file is missing or is not a whole image of this layout.
  public convenience init?(image path: String) {
    guard let mapping = TableMapping(path: path),
      let columns = Self.columns(in: mapping)
    else { return nil }
    // Written from a table whose managers were linked: what is left
    // unlinked names nobody in it.
    self.init(columns, linkingManagers: false)
  }

  /// The table in the image file at `path`, mapped: nil when the file is
  /// missing or is not a whole image; throws why it could not be read
  /// otherwise (no descriptor left, a read error), so a caller tells a
  /// copy that is not there from one it cannot read now.
  static func readImage(_ path: String) throws(ReplicaError) -> UserTable? {
    guard let mapping = try TableMapping.mapping(path), let columns = Self.columns(in: mapping)
    else { return nil }
    return UserTable(columns, linkingManagers: false)
  }

  private static func columns(in mapping: TableMapping) -> Columns? {
    var reader = ImageReader(mapping: mapping)
    guard reader.number() == leadingMagic,
      let people = reader.number().flatMap({ Int(exactly: $0) }), people < Int(UInt32.max)
    else { return nil }
    guard let text = reader.compact(UInt8.self), let starts = reader.compact(UInt32.self),
      let lengths = reader.narrow(), let avatarIDs = reader.narrow(),
      let roles = reader.compact(UInt8.self), let avatarText = reader.compact(UInt8.self),
      let avatarStarts = reader.compact(UInt32.self), let valueText = reader.compact(UInt8.self),
      let valueStarts = reader.compact(UInt32.self), let titles = reader.narrow(),
      let departments = reader.narrow(), let locations = reader.narrow(),
      let cities = reader.narrow(), let managers = reader.compact(UInt32.self),
      let referenceText = reader.compact(UInt8.self),
      let referenceStarts = reader.compact(UInt32.self)
    else { return nil }
    let checked = reader.offset
    guard let checksum = reader.number(), reader.number() == trailingMagic, reader.isAtEnd,
      Self.checksum(of: mapping, upTo: checked) == checksum
    else { return nil }
    // The counts agree, and every pool's and the text's last offset is in its text.
    guard roles.count == people, starts.count == people + 1,
      lengths.count == people * ownFieldCount, avatarIDs.count == people,
      titles.count == people, departments.count == people, locations.count == people,
      cities.count == people,
      [
        (text, starts), (avatarText, avatarStarts), (valueText, valueStarts),
        (referenceText, referenceStarts),
      ].allSatisfy({ text, starts in
        starts.count > 0 && Int(starts[starts.count - 1]) <= text.count
      })
    else { return nil }
    var columns = Columns()
    columns.mapping = mapping
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
    columns.cities = cities
    columns.managers = managers
    columns.managerReferences = StringPool(text: referenceText, starts: referenceStarts)
    guard columns.placesInRange(people: people) else { return nil }
    return columns
  }

  /// The checksum of the first `count` bytes of `mapping`; the pages read
  /// for it are let go (they stay in the page cache).
  private static func checksum(of mapping: TableMapping, upTo count: Int) -> UInt64 {
    defer { mapping.release() }
    return Checksum64.of(UnsafeRawBufferPointer(rebasing: mapping.bytes[..<count]))
  }
}

/// A column of a table's image: its bytes as they are stored (in parts:
/// the values below a layered column, then its own), or made `units` at a
/// time (people, or a pool's strings) into a chunk.
private enum ImageColumn {
  case parts([UnsafeRawBufferPointer], width: Int)
  case made(count: Int, width: Int, units: Int, fill: (Range<Int>, inout ImageChunk) -> Void)

  var width: Int {
    switch self {
    case .parts(_, let width), .made(_, let width, _, _): width
    }
  }

  /// How many values.
  var count: Int {
    switch self {
    case .parts(let parts, let width): parts.reduce(0) { $0 + $1.count } / width
    case .made(let count, _, _, _): count
    }
  }
}

/// The bytes of an image column made a few thousand people at a time.
///
/// Threading: a local value of one writing.
private struct ImageChunk {
  /// The people (or strings) a chunk holds.
  static let units = 16_384
  var bytes: [UInt8] = []

  /// Appends `value` in `width` bytes, little-endian.
  @inline(__always)
  mutating func append(_ value: Int, width: Int) {
    for k in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * k))) }
  }
}

/// The links of a patched table to rows whose person was removed: in an
/// image, where links name positions, each becomes a reference to the
/// removed person's identity, added after the table's own references.
///
/// Threading: a local value of one writing.
private struct DeadLinks {
  /// The reference for each row linked to whose person is gone.
  private var references: [Int: UInt32] = [:]
  /// Their identities, in the order of their references.
  private(set) var identities: [UnsafeBufferPointer<UInt8>] = []

  init(_ table: UserTable) {
    guard table.rowMap != nil else { return }
    let base = table.columns.managerReferences.count
    for position in 0..<table.userCount {
      guard let row = ManagerLinks.row(table.columns.managers[table.row(position)]),
        table.position(ofRow: row) == nil, references[row] == nil
      else { continue }
      identities.append(table.identityBytes(row: row))
      references[row] = UInt32(base + identities.count)
    }
  }

  /// `link` as an image stores it: a row as the position of its person,
  /// or the reference to a removed person's identity.
  func link(_ link: UInt32, in table: UserTable) -> UInt32 {
    guard let row = ManagerLinks.row(link) else { return link }
    if let position = table.position(ofRow: row) { return UInt32(position + 1) }
    return ManagerLinks.unresolved(references[row]!)
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
