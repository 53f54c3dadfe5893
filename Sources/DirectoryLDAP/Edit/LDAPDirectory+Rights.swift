import Directory

/// Which fields the person signed in may change, as the server says:
/// Active Directory lists the attributes of an entry its reader may write
/// in the constructed attribute `allowedAttributesEffective`, read with
/// the entry; 389 Directory Server answers its Get Effective Rights
/// control with each attribute's rights (`attributeLevelRights`,
/// "telephoneNumber:rscwo"; `w` is write) for the bind DN. Other servers,
/// and sign-ins without a bind DN on 389, are not asked (a change is tried
/// and a refusal reported).
extension LDAPDirectory {
  /// The attribute Active Directory lists an entry's writable attributes in.
  static let allowedAttributesEffective = "allowedAttributesEffective"
  /// The attribute 389 Directory Server answers Get Effective Rights in.
  static let attributeLevelRights = "attributeLevelRights"

  public func writableFields(of username: String, among fields: [EditableField])
    async throws(DirectoryError) -> Set<EditableField>?
  {
    let writable: Set<String>
    switch try await rootDSE().product {
    case .activeDirectory:
      guard
        let entry = try await editedEntry(username, attributes: [Self.allowedAttributesEffective])
      else { return nil }
      writable = Set(
        Self.texts(entry.values(Self.allowedAttributesEffective)).map { $0.lowercased() })
    case .directoryServer389:
      guard options.signIn == .password, let bindDN = options.bindDN, !bindDN.isEmpty,
        let rights = try await effectiveRights(of: username, for: fields, as: bindDN)
      else { return nil }
      writable = rights
    default:
      return nil
    }
    return Set(
      fields.filter { field in
        attribute(for: field).map { writable.contains($0.lowercased()) } ?? false
      })
  }

  /// The attributes among those of `fields` that `bindDN` may write on the
  /// person with `username`, lowercased, as 389's Get Effective Rights
  /// says; nil when no one has the username or the server gave no rights.
  private func effectiveRights(
    of username: String, for fields: [EditableField], as bindDN: String
  ) async throws(DirectoryError) -> Set<String>? {
    guard let entry = try await editedEntry(username, attributes: ["1.1"]) else { return nil }
    var request = LDAPSearchRequest(
      base: entry.dn, scope: .base, filter: "(objectClass=*)",
      attributes: fields.compactMap { attribute(for: $0) } + [Self.attributeLevelRights])
    request.effectiveRightsOf = "dn:\(bindDN)"
    let asked = request
    let found = try await perform { session, flag throws(DirectoryError) in
      try session.search(asked, cancel: flag).entries.first
    }
    let lines = Self.texts(found?.values(Self.attributeLevelRights) ?? [])
    guard !lines.isEmpty else { return nil }
    return Self.writableAttributes(inRights: lines)
  }

  /// The attributes whose rights include `w` in `attributeLevelRights`
  /// values ("cn:rscwo, telephoneNumber:rsc"), lowercased.
  static func writableAttributes(inRights values: [String]) -> Set<String> {
    var writable = Set<String>()
    for value in values {
      for item in value.split(separator: ",") {
        let parts = item.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, parts[1].contains("w") else { continue }
        writable.insert(String(parts[0].filter { $0 != " " }).lowercased())
      }
    }
    return writable
  }
}
