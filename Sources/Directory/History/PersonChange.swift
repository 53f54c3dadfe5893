import FoundationEssentials

/// One change to one person that an offline copy saw: someone joined or
/// left, moved (a department, location or manager changed) or took a new
/// title, with the date the copy saw it, the old and new values, and the
/// person as they were named then (their identity stays; a username or
/// name may not).
///
/// Threading: a plain value; `Sendable`.
public struct PersonChange: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable, CaseIterable {
    /// The person appeared in the copy.
    case joined
    /// The person is gone from the copy.
    case left
    /// Their department, location or manager changed (``field``).
    case moved
    /// Their title changed.
    case title
  }

  /// When the copy saw the change, in whole seconds since 1970 (UTC).
  public var seconds: Int64
  public var kind: Kind
  /// The field a move or a title change is of; nil when someone joined or left.
  public var field: DetailField?
  /// The server's identity for the person (entryUUID, objectGUID).
  public var identity: String
  /// Their username when the change was seen.
  public var username: String
  /// Their display name when the change was seen ("" for none).
  public var name: String
  /// The value before ("" for none; a leaver's last title).
  public var old: String
  /// The value after ("" for none; a joiner's title).
  public var new: String

  /// A change seen at `seconds` since 1970.
  public init(
    seconds: Int64, kind: Kind, field: DetailField? = nil, identity: String, username: String,
    name: String, old: String = "", new: String = ""
  ) {
    self.seconds = seconds
    self.kind = kind
    self.field = field
    self.identity = identity
    self.username = username
    self.name = name
    self.old = old
    self.new = new
  }

  /// The date the copy saw it.
  public var date: Date { Date(timeIntervalSince1970: Double(seconds)) }

  /// The dates a history keeps, in seconds since 1970: 1970 to the end of
  /// 9999, the years every reader shows (`roster changes`' four-digit
  /// ISO 8601 year, GLib's dates in the Changes window).
  public static let secondsKept: ClosedRange<Int64> = 0...253_402_300_799

  /// The fields whose change is a move.
  public static let moveFields: [DetailField] = [.department, .location, .manager]
}

// MARK: Encoding

extension PersonChange {
  /// The change's bytes in a history file: a version byte, the kind, the
  /// field (0: none, else 1 + its place in ``DetailField/allCases``), the
  /// date (64 bits, little-endian) and five length-prefixed texts.
  var bytes: [UInt8] {
    var out: [UInt8] = [1, Self.kindBytes[kind]!]
    out.append(field.map { UInt8(DetailField.allCases.firstIndex(of: $0)! + 1) } ?? 0)
    withUnsafeBytes(of: seconds.littleEndian) { out.append(contentsOf: $0) }
    for text in [identity, username, name, old, new] {
      let utf8 = Array(text.utf8)
      withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { out.append(contentsOf: $0) }
      out.append(contentsOf: utf8)
    }
    return out
  }

  private static let kindBytes: [Kind: UInt8] = [.joined: 1, .left: 2, .moved: 3, .title: 4]

  /// The change `bytes` hold, or nil when they are not one (as
  /// ``bytes`` writes them: a text that is not UTF-8, or a date outside
  /// ``secondsKept``, is none).
  init?(_ bytes: ArraySlice<UInt8>) {
    var offset = bytes.startIndex
    func take(_ count: Int) -> ArraySlice<UInt8>? {
      guard count >= 0, bytes.endIndex - offset >= count else { return nil }
      defer { offset += count }
      return bytes[offset..<offset + count]
    }
    func number(_ width: Int) -> UInt64? {
      guard let part = take(width) else { return nil }
      var value: UInt64 = 0
      for (shift, byte) in part.enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
      return value
    }
    // Texts are UTF-8 as Swift's strings write them: other bytes are not a
    // change Roster wrote, and read with replacements they would be a
    // change no one saw.
    func text() -> String? {
      guard let length = number(4), let part = take(Int(length)) else { return nil }
      return String(validating: part, as: UTF8.self)
    }
    guard let header = take(3), header.first == 1,
      let kind = Self.kindBytes.first(where: { $0.value == header[header.startIndex + 1] })?.key
    else { return nil }
    let fieldByte = Int(header[header.startIndex + 2])
    guard fieldByte <= DetailField.allCases.count, let seconds = number(8),
      Self.secondsKept.contains(Int64(bitPattern: seconds)),
      let identity = text(), let username = text(), let name = text(), let old = text(),
      let new = text(), offset == bytes.endIndex
    else { return nil }
    self.init(
      seconds: Int64(bitPattern: seconds), kind: kind,
      field: fieldByte == 0 ? nil : DetailField.allCases[fieldByte - 1], identity: identity,
      username: username, name: name, old: old, new: new)
  }
}
