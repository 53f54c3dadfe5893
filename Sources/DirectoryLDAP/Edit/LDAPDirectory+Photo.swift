import Directory

/// Changing a person's photo (the schema's ``LDAPSchema/photoAttribute``)
/// with no lost update. slapd's `jpegPhoto` has no equality matching rule:
/// it can be neither asserted on nor deleted by value, so where the
/// Assertion control is listed the condition is the entry's `entryCSN`,
/// read with the photo (it changes with every change of the entry; when
/// it moved but the photo did not, the photo and the stamp are read again
/// and the change sent once more). Elsewhere (Active Directory's
/// `thumbnailPhoto`, 389 Directory Server's `jpegPhoto`: octet strings
/// with equality) the photo seen is deleted by its value and the new one
/// added, in one modify.
extension LDAPDirectory: PhotoEditableDirectory {
  /// The attribute with what changes at every change of an entry.
  static let stampAttribute = "entryCSN"
  /// How many times a change whose entry moved, not its photo, is sent.
  static let photoAttempts = 3

  public var photoFormat: PhotoFormat {
    let attribute = options.schema.photoAttribute
    // Active Directory's thumbnailPhoto: at most 100 KB (its rangeUpper),
    // 96 px as Outlook shows it.
    if attribute.lowercased() == "thumbnailphoto" {
      return PhotoFormat(attribute: attribute, side: 96, maxBytes: 102_400)
    }
    return PhotoFormat(attribute: attribute, side: 256, maxBytes: 102_400)
  }

  public func photo(of username: String) async throws(DirectoryError) -> SeenPhoto? {
    let attribute = photoFormat.attribute
    guard let entry = try await editedEntry(username, attributes: [attribute, Self.stampAttribute])
    else { return nil }
    return SeenPhoto(
      values: entry.values(attribute),
      stamp: entry.values(Self.stampAttribute).first.map { String(decoding: $0, as: UTF8.self) })
  }

  public func changePhoto(of username: String, seen: SeenPhoto, to new: [UInt8]?)
    async throws(DirectoryError) -> SwitchOutcome
  {
    let attribute = photoFormat.attribute
    let wanted = new.map { [$0] } ?? []
    guard seen.values != wanted else { return .alreadySo }
    guard let entry = try await editedEntry(username, attributes: ["1.1"]) else {
      return .noSuchPerson
    }
    var seen = seen
    for _ in 0..<Self.photoAttempts {
      let change = LDAPModification(attribute: attribute, seen: seen.values, new: wanted)
      let condition = seen.stamp.map { "(\(Self.stampAttribute)=\(LDAPFilter.escape($0)))" }
      switch try await modify(dn: entry.dn, [change], condition: condition) {
      case .applied(let logFailure): return .changed(logFailure: logFailure)
      case .refused(let code, let message): return .refused(reason: Self.reason(code, message))
      case .conflict:
        // The entry moved: only a photo still as seen is tried again.
        guard seen.stamp != nil, let now = try await photo(of: username),
          now.values == seen.values, now.stamp != seen.stamp
        else { return .changedMeanwhile }
        seen = now
      }
    }
    return .changedMeanwhile
  }
}
