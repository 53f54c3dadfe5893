/// One record of a replica's files: a person as the server holds them, a
/// person gone, or the server's cookie for the state so far. Encoded as a
/// kind byte and length-prefixed fields (little-endian 32-bit lengths).
///
/// Threading: a plain value; `Sendable`.
public enum ReplicaRecord: Sendable, Equatable {
  /// A person's values now (their id is the server's identity).
  case person(DirectoryEntry)
  /// The person with this id is gone.
  case deleted(String)
  /// The server's state as of the records before it.
  case cookie([UInt8])

  /// The longest cookie a copy keeps: what fits in the largest record
  /// its files are read back with (``ReplicaFile/maxRecordBytes``, less
  /// the kind and the length). A longer one is refused when the server
  /// sends it and when it would be written.
  public static let maxCookieBytes = ReplicaFile.maxRecordBytes - 5

  /// Throws when `cookie` is longer than a copy keeps.
  public static func check(cookie: [UInt8]) throws(ReplicaError) {
    guard cookie.count <= maxCookieBytes else {
      throw ReplicaError(
        "the server's cookie is \(cookie.count) bytes, more than the offline copy keeps "
          + "(\(maxCookieBytes))")
    }
  }

  private enum Kind: UInt8 {
    case person = 1
    case deleted = 2
    case cookie = 3
  }

  /// The record's bytes.
  var bytes: [UInt8] {
    var out: [UInt8] = []
    func field(_ value: some Collection<UInt8>) {
      withUnsafeBytes(of: UInt32(value.count).littleEndian) { out.append(contentsOf: $0) }
      out.append(contentsOf: value)
    }
    switch self {
    case .person(let entry):
      out.append(Kind.person.rawValue)
      field(Array(entry.id.utf8))
      field(Array(entry.username.utf8))
      out.append(entry.role.rowByte(isActive: entry.isActive))
      // A version, or none (a distinct marker from "").
      out.append(entry.photoVersion == nil ? 0 : 1)
      field(Array((entry.photoVersion ?? "").utf8))
      for detail in DetailField.allCases { field(Array((entry.details[detail] ?? "").utf8)) }
      // How reports name them, when not by id: last, and only then.
      if let linkName = entry.linkName { field(Array(linkName.utf8)) }
    case .deleted(let id):
      out.append(Kind.deleted.rawValue)
      field(Array(id.utf8))
    case .cookie(let cookie):
      out.append(Kind.cookie.rawValue)
      field(cookie)
    }
    return out
  }

  /// The record `bytes` hold, or nil when they are not one.
  init?(_ bytes: ArraySlice<UInt8>) {
    var reader = FieldReader(bytes: bytes)
    guard let kind = reader.byte().flatMap(Kind.init(rawValue:)) else { return nil }
    switch kind {
    case .person:
      guard let id = reader.text(), let username = reader.text(), let role = reader.byte(),
        let hasVersion = reader.byte(), let version = reader.text()
      else { return nil }
      var details = PersonDetails()
      for detail in DetailField.allCases {
        // A record written before the city was kept ends after the
        // employee number: the city is none.
        if detail == .city && reader.isAtEnd { break }
        guard let value = reader.text() else { return nil }
        details[detail] = value.isEmpty ? nil : value
      }
      // A record written before link names were kept ends with the city.
      var linkName: String?
      if !reader.isAtEnd {
        guard let name = reader.text() else { return nil }
        linkName = name
      }
      self = .person(
        DirectoryEntry(
          id: id, username: username, details: details, role: Role(byte: role),
          isActive: Role.isActive(rowByte: role), photoVersion: hasVersion == 0 ? nil : version,
          linkName: linkName))
    case .deleted:
      guard let id = reader.text() else { return nil }
      self = .deleted(id)
    case .cookie:
      guard let cookie = reader.field() else { return nil }
      self = .cookie(Array(cookie))
    }
    guard reader.isAtEnd else { return nil }
  }
}

/// Reads a record's fields in order; nil past the end.
private struct FieldReader {
  let bytes: ArraySlice<UInt8>
  var offset: Int

  init(bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    offset = bytes.startIndex
  }

  var isAtEnd: Bool { offset == bytes.endIndex }

  mutating func byte() -> UInt8? {
    guard offset < bytes.endIndex else { return nil }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func field() -> ArraySlice<UInt8>? {
    guard bytes.endIndex - offset >= 4 else { return nil }
    var length = 0
    for shift in 0..<4 { length |= Int(bytes[offset + shift]) << (8 * shift) }
    offset += 4
    guard length <= bytes.endIndex - offset else { return nil }
    defer { offset += length }
    return bytes[offset..<offset + length]
  }

  mutating func text() -> String? { field().map { String(decoding: $0, as: UTF8.self) } }
}
