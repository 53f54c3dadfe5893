import Directory

/// Turns the server's attributes into the app's entries, by the schema.
///
/// Threading: a plain value; `Sendable`.
struct LDAPEntryMapper: Sendable {
  let schema: LDAPSchema
  let identity: LDAPOptions.Identity

  /// The attributes a range asks for: what a row shows and the person's
  /// details, never the photo.
  var windowAttributes: [String] { personAttributes + ["entryCSN", "modifyTimestamp"] }

  /// The attributes of a person without their photo's version: what a
  /// read forward asks for.
  var personAttributes: [String] {
    var names =
      [
        schema.usernameAttribute, schema.fallbackNameAttribute, schema.roleAttribute,
        schema.accountStateAttribute,
      ]
      + DetailField.pageOrder.compactMap(schema.attribute(for:))
    if identity == .uniqueID { names.append(schema.uniqueIDAttribute) }
    return names
  }

  /// The row's values: display name falls back to `cn`, the details are
  /// the schema's attributes (the manager as a DN), each cut to
  /// `FieldLimit.maxBytes`; the role reads exactly as users.json's, the
  /// account is active unless the schema's account attribute says it is
  /// disabled (``LDAPSchema/isActive(accountState:)``), the
  /// photo version is `entryCSN` (OpenLDAP) or else `modifyTimestamp` when
  /// the entry has a photo. (Read forward
  /// with Paged Results, photos cannot be marked: every entry gets a version
  /// and `photo(of:)` answers nil for those without.)
  func entry(_ raw: LDAPRawEntry, hasPhoto: Bool = true) -> DirectoryEntry {
    let id = identity == .uniqueID ? (uniqueID(raw) ?? raw.dn) : raw.dn
    return DirectoryEntry(
      id: id,
      username: raw.text(schema.usernameAttribute) ?? "",
      details: details(raw),
      role: Role(jsonValue: raw.text(schema.roleAttribute) ?? ""),
      isActive: schema.isActive(accountState: raw.text(schema.accountStateAttribute)),
      photoVersion: hasPhoto ? raw.text("entryCSN") ?? raw.text("modifyTimestamp") : nil,
      linkName: id == raw.dn ? nil : raw.dn)
  }

  /// The entry's ``LDAPSchema/uniqueIDAttribute`` as ``LDAPUniqueID``
  /// text; nil when it has none.
  func uniqueID(_ raw: LDAPRawEntry) -> String? {
    let attribute = schema.uniqueIDAttribute
    return raw.values(attribute).first.flatMap {
      LDAPUniqueID.text($0, binary: LDAPUniqueID.isBinary(attribute))
    }
  }

  private func details(_ raw: LDAPRawEntry) -> PersonDetails {
    var details = PersonDetails()
    for field in DetailField.allCases {
      details[field] = schema.attribute(for: field).flatMap(raw.text)
    }
    if details.displayName == nil { details.displayName = raw.text(schema.fallbackNameAttribute) }
    return details
  }

  /// Every attribute but photos, as text cut to `FieldLimit.maxBytes`; a
  /// value that is not UTF-8 reads "(N bytes)".
  func attributes(_ raw: LDAPRawEntry) -> [DirectoryAttribute] {
    let photos = Set(
      [schema.photoAttribute, "jpegPhoto", "thumbnailPhoto", "photo"].map { $0.lowercased() })
    return raw.attributes.filter { !photos.contains($0.name.lowercased()) }.map { attribute in
      DirectoryAttribute(
        name: attribute.name,
        values: attribute.values.map {
          FieldLimit.validatedString($0) ?? "(\($0.count) bytes)"
        })
    }
  }
}
