/// Hands out one shared `String` per distinct byte sequence.
///
/// Directories repeat avatar paths (a million users may share a few thousand
/// files); interning them while parsing stores each path once instead of once
/// per user, which is tens of megabytes for a large directory. Strings of up
/// to 15 UTF-8 bytes are stored inline by Swift and gain nothing, so they skip
/// the table.
///
/// Threading: a value owned by one parse; not shared.
struct StringInterner {
  private var table: [[UInt8]: String] = [:]
  /// Above this many distinct strings the table stops growing (a directory
  /// of unique URLs would only pay for it).
  static let capacity = 65_536

  mutating func string(for bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count > 15 else { return String(decoding: bytes, as: UTF8.self) }
    let key = [UInt8](bytes)
    if let known = table[key] { return known }
    let string = String(decoding: bytes, as: UTF8.self)
    if table.count < Self.capacity { table[key] = string }
    return string
  }
}
