/// Writes content lines folded as vCard and LDIF fold them: a line longer
/// than `limit` octets continues on the next line after one space, and a
/// unit (a UTF-8 sequence, an escape) is never split across lines, so every
/// physical line is valid UTF-8 on its own.
///
/// Threading: owned by the one task writing the file.
struct LineFolder {
  let sink: ByteSink
  /// The most octets a physical line holds, the line end not counted.
  let limit: Int
  let lineEnd: StaticString
  private var length = 0

  init(sink: ByteSink, limit: Int, lineEnd: StaticString) {
    self.sink = sink
    self.limit = limit
    self.lineEnd = lineEnd
  }

  /// Appends `bytes` as one unit, folding before it if it would not fit.
  mutating func unit(_ bytes: UnsafeBufferPointer<UInt8>) {
    if length + bytes.count > limit, length > 1 {
      sink.append(lineEnd)
      sink.append(ASCII.space)
      length = 1
    }
    sink.append(bytes)
    length += bytes.count
  }

  /// Appends one ASCII byte.
  mutating func byte(_ byte: UInt8) {
    withUnsafePointer(to: byte) { unit(UnsafeBufferPointer(start: $0, count: 1)) }
  }

  /// Appends ASCII text, a byte at a time.
  mutating func ascii(_ text: StaticString) {
    ascii(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends ASCII bytes, a byte at a time.
  mutating func ascii(_ bytes: UnsafeBufferPointer<UInt8>) {
    for byte in bytes { self.byte(byte) }
  }

  /// Appends valid UTF-8, a scalar at a time.
  mutating func utf8(_ bytes: UnsafeBufferPointer<UInt8>) {
    var offset = 0
    while offset < bytes.count {
      let count = min(Self.sequenceLength(bytes[offset]), bytes.count - offset)
      unit(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + count)]))
      offset += count
    }
  }

  /// Ends the logical line.
  mutating func endLine() {
    sink.append(lineEnd)
    length = 0
  }

  /// How many bytes the UTF-8 sequence led by `lead` takes.
  static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }
}
