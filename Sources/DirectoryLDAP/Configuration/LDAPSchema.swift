import Directory

/// Which attributes hold what, on a directory server: OpenLDAP's
/// inetOrgPerson or Active Directory's user.
///
/// Threading: a plain value; `Sendable`.
public struct LDAPSchema: Sendable, Hashable {
  /// The username and the default sort key (`uid`, `sAMAccountName`).
  public var usernameAttribute: String
  /// The preferred display name; `cn` when an entry has none.
  public var displayNameAttribute = "displayName"
  public var fallbackNameAttribute = "cn"
  /// Holds "User", "Owner" or "Admin", read exactly as users.json's roles.
  public var roleAttribute = "employeeType"
  /// The photo bytes (`jpegPhoto`, `thumbnailPhoto`).
  public var photoAttribute: String
  /// What the server sorts by, and the ordering rule it sorts with: OpenLDAP
  /// gives `uid` no ordering rule of its own, so without one it answers
  /// "inappropriate matching" (18).
  public var sortAttribute: String
  public var sortOrderingRule: String?
  /// Where a person's department is held: inetOrgPerson's `ou`, Active
  /// Directory's `department`. The other details have the same names in
  /// both (see ``attribute(for:)``).
  public var departmentAttribute = "ou"

  /// An explicit schema.
  public init(
    usernameAttribute: String, photoAttribute: String, sortAttribute: String? = nil,
    sortOrderingRule: String? = nil
  ) {
    self.usernameAttribute = usernameAttribute
    self.photoAttribute = photoAttribute
    self.sortAttribute = sortAttribute ?? usernameAttribute
    self.sortOrderingRule = sortOrderingRule
  }

  /// OpenLDAP's inetOrgPerson: `uid`, `jpegPhoto`, sorted by
  /// `uid:caseIgnoreOrderingMatch`.
  public static let openLDAP = LDAPSchema(
    usernameAttribute: "uid", photoAttribute: "jpegPhoto",
    sortOrderingRule: "caseIgnoreOrderingMatch")

  /// Active Directory: `sAMAccountName`, `thumbnailPhoto`; AD sorts strings
  /// with its own default rule.
  public static let activeDirectory: LDAPSchema = {
    var schema = LDAPSchema(usernameAttribute: "sAMAccountName", photoAttribute: "thumbnailPhoto")
    schema.departmentAttribute = "department"
    return schema
  }()

  /// The attribute holding `field`: the display name (`cn` when an entry
  /// has none, see ``fallbackNameAttribute``), `mail`, `title`, the
  /// department, `l`, `telephoneNumber`, `manager` (the manager's DN) and
  /// `employeeNumber`.
  public func attribute(for field: DetailField) -> String {
    switch field {
    case .displayName: displayNameAttribute
    case .email: "mail"
    case .title: "title"
    case .department: departmentAttribute
    case .location: "l"
    case .phone: "telephoneNumber"
    case .manager: "manager"
    case .employeeNumber: "employeeNumber"
    }
  }

  /// The sort key as the sort control spells it ("uid:caseIgnoreOrderingMatch").
  var sortKey: String {
    sortOrderingRule.map { "\(sortAttribute):\($0)" } ?? sortAttribute
  }
}
