/// The most bytes a text field of a directory entry keeps, and how a longer
/// value is cut.
///
/// Directory data is untrusted: one username of 50 MB would otherwise be
/// hashed, folded into the search index and laid out by Pango on every bind
/// (seconds each time, and a layout wider than the X server can allocate).
/// Every field is bounded where it is read — users.json by `EntryReader`,
/// LDAP attributes by `LDAPRawEntry` — so nothing after the parser ever sees
/// a longer value. 1 KiB is four times the most a label shows
/// (`DisplayText.maxCharacters`), so the cut never shows in a name that
/// fits on screen.
///
/// Threading: stateless; callable from any thread.
public enum FieldLimit {
  /// The most UTF-8 bytes a field keeps.
  public static let maxBytes = 1024

  /// The first at most ``maxBytes`` of `bytes`, ending before a UTF-8 lead
  /// byte so that a valid sequence is never split.
  public static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard bytes.count > maxBytes else { return bytes }
    var end = maxBytes
    // Step back over at most three continuation bytes (10xxxxxx) to the
    // start of the scalar that straddles the limit.
    while end > maxBytes - 3 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[..<end])
  }

  /// The first at most ``maxBytes`` of `bytes`, as ``prefix(_:)`` cuts them.
  public static func prefixed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    guard bytes.count > maxBytes else { return bytes[...] }
    return bytes[..<bytes.withUnsafeBufferPointer { prefix($0).count }]
  }

  /// The first at most ``maxBytes`` of `bytes` as a `String` (invalid UTF-8
  /// reads as U+FFFD), and whether anything was cut.
  public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, wasCut: Bool) {
    let kept = prefix(bytes)
    return (String(decoding: kept, as: UTF8.self), kept.count < bytes.count)
  }

  /// The first at most ``maxBytes`` of `bytes` as text; nil when they are
  /// not UTF-8.
  public static func validatedString(_ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBufferPointer(validatedString)
  }

  /// The first at most ``maxBytes`` of `bytes` as text; nil when they are
  /// not UTF-8. ASCII, the usual case, is taken as it is: the generic
  /// validation looks up type metadata at every call.
  public static func validatedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let kept = prefix(bytes)
    guard kept.contains(where: { $0 >= 0x80 }) else { return String(decoding: kept, as: UTF8.self) }
    return String(validating: kept, as: UTF8.self)
  }
}
