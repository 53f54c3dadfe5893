/// Text already folded to lower case, read byte by byte.
protocol FoldedText {
  var count: Int { get }
  subscript(_ index: Int) -> UInt8 { get }
}

/// ASCII text folded while it is read (one OR per letter).
struct FoldedASCII: FoldedText {
  let bytes: UnsafeBufferPointer<UInt8>
  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
  var count: Int { bytes.count }
  @inline(__always)
  subscript(_ index: Int) -> UInt8 {
    let byte = bytes[index]
    return byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
  }
}

/// Text folded already.
struct FoldedBytes: FoldedText {
  let bytes: UnsafeBufferPointer<UInt8>
  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
  var count: Int { bytes.count }
  @inline(__always)
  subscript(_ index: Int) -> UInt8 { bytes[index] }
}

/// The filter operators over folded text: equality, containment and the
/// order of the text's UTF-8 bytes (which is the order of its code points).
///
/// Threading: stateless.
enum FoldedCompare {
  @inline(__always)
  static func apply(_ op: FilterOperator, _ text: some FoldedText, _ value: [UInt8]) -> Bool {
    switch op {
    case .eq: order(text, value) == 0
    case .ne: order(text, value) != 0
    case .co: contains(text, value)
    case .sw: text.count >= value.count && matches(text, value, at: 0)
    case .ew: text.count >= value.count && matches(text, value, at: text.count - value.count)
    case .gt: order(text, value) > 0
    case .ge: order(text, value) >= 0
    case .lt: order(text, value) < 0
    case .le: order(text, value) <= 0
    }
  }

  private static func matches(_ text: some FoldedText, _ value: [UInt8], at offset: Int) -> Bool {
    for k in 0..<value.count where text[offset + k] != value[k] { return false }
    return true
  }

  private static func contains(_ text: some FoldedText, _ value: [UInt8]) -> Bool {
    guard value.count <= text.count else { return false }
    if value.isEmpty { return true }
    for offset in 0...(text.count - value.count) where matches(text, value, at: offset) {
      return true
    }
    return false
  }

  /// -1, 0 or 1 as `text` sorts before, with or after `value`.
  private static func order(_ text: some FoldedText, _ value: [UInt8]) -> Int {
    for k in 0..<min(text.count, value.count) where text[k] != value[k] {
      return text[k] < value[k] ? -1 : 1
    }
    return text.count == value.count ? 0 : (text.count < value.count ? -1 : 1)
  }
}
