import Directory

/// Which fields the person signed in may change, as the server says:
/// Active Directory lists the attributes of an entry its reader may write
/// in the constructed attribute `allowedAttributesEffective`, read with
/// the entry. Other servers are not asked (a change is tried and a refusal
/// reported).
extension LDAPDirectory {
  /// The attribute Active Directory lists an entry's writable attributes in.
  static let allowedAttributesEffective = "allowedAttributesEffective"

  public func writableFields(of username: String, among fields: [EditableField])
    async throws(DirectoryError) -> Set<EditableField>?
  {
    guard case .activeDirectory = try await rootDSE().product else { return nil }
    guard
      let entry = try await editedEntry(username, attributes: [Self.allowedAttributesEffective])
    else { return nil }
    let allowed = Set(
      Self.texts(entry.values(Self.allowedAttributesEffective)).map { $0.lowercased() })
    return Set(
      fields.filter { field in
        attribute(for: field).map { allowed.contains($0.lowercased()) } ?? false
      })
  }
}
