import Directory

/// One CSV record's fields, read by ``CSVScanner``: their bytes one after
/// another (quotes undone, a formula guard taken off), each kept to just
/// past `FieldLimit.maxBytes` so that a hostile megabyte-long cell costs
/// its scan but not its copy. Reused from record to record.
///
/// Threading: a value owned by one parse.
struct CSVRecord {
  /// The most fields a record keeps; later ones are read past.
  static let maxFields = 1024

  private var text: [UInt8] = []
  private var ends: [Int] = []
  private var cuts: [Bool] = []
  private var fieldStart = 0
  private var isCut = false
  /// The line the record starts on, counted from 1.
  private(set) var line = 1

  /// How many fields the record kept.
  var count: Int { ends.count }

  /// Whether the record is an empty line.
  var isBlank: Bool { ends.count == 1 && ends[0] == 0 }

  /// Calls `body` with field `index`'s bytes (nil past the last field),
  /// and whether the field was longer than the bytes kept.
  func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R) -> R? {
    guard index < ends.count else { return nil }
    let start = index == 0 ? 0 : ends[index - 1]
    return text.withUnsafeBufferPointer {
      body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]]), cuts[index])
    }
  }

  /// Empties the record for one starting on `line`.
  mutating func reset(line: Int) {
    text.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    cuts.removeAll(keepingCapacity: true)
    self.line = line
  }

  /// Starts a field.
  mutating func beginField() {
    fieldStart = text.count
    isCut = false
  }

  /// The bytes of the field so far.
  var fieldCount: Int { text.count - fieldStart }

  /// The field's last byte so far, if it has one.
  var lastByte: UInt8? { text.count > fieldStart ? text[text.count - 1] : nil }

  /// Adds `byte` to the field, unless it is long enough already.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if fieldCount <= FieldLimit.maxBytes { text.append(byte) } else { isCut = true }
  }

  /// Adds `bytes` to the field, as much of them as it keeps.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    let room = max(0, FieldLimit.maxBytes + 1 - fieldCount)
    if bytes.count > room { isCut = true }
    text.append(contentsOf: bytes.prefix(room))
  }

  /// Ends the field (past ``maxFields``, drops it).
  mutating func endField() {
    guard ends.count < Self.maxFields else {
      text.removeSubrange(fieldStart...)
      return
    }
    ends.append(text.count)
    cuts.append(isCut)
  }
}
