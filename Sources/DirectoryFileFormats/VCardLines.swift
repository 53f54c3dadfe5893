/// The content lines of a vCard file, unfolded: a physical line that
/// begins with a space or tab goes on the line before it, without that
/// first character (RFC 6350 3.2, RFC 2425). Lines end at CRLF or LF.
/// Every byte is copied once, so a hostile file of continuation lines
/// costs no more than its length.
///
/// Threading: a value owned by one parse.
struct VCardLines {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var offset: Int
  private var physicalLine = 1
  /// The line read last, unfolded.
  private(set) var current: [UInt8] = []
  /// The physical line (counted from 1) ``current`` starts on.
  private(set) var line = 1

  /// The lines of `bytes` from `offset`.
  init(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) {
    self.bytes = bytes
    self.offset = offset
  }

  /// Reads the next line into ``current``; false at the end.
  mutating func advance() -> Bool {
    guard offset < bytes.count else { return false }
    current.removeAll(keepingCapacity: true)
    line = physicalLine
    appendPhysicalLine(from: offset)
    while offset < bytes.count, bytes[offset] == Byte.space || bytes[offset] == Byte.tab {
      appendPhysicalLine(from: offset + 1)
    }
    return true
  }

  /// Adds the physical line from `start` to ``current``, its line end left
  /// out, and moves past it.
  private mutating func appendPhysicalLine(from start: Int) {
    var end = start
    while end < bytes.count, bytes[end] != Byte.newline { end += 1 }
    offset = min(end + 1, bytes.count)
    physicalLine += 1
    if end > start, bytes[end - 1] == Byte.carriageReturn { end -= 1 }
    if end > start { current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end])) }
  }
}
