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
  /// The ordering rule each field is sorted with when the user orders by it
  /// (a field without one is sent bare, and the server picks its own rule
  /// or refuses). OpenLDAP orders `title`, `displayName`, `mail`,
  /// `telephoneNumber`, `employeeNumber`, `l`, `ou`, `employeeType` and
  /// even `manager` (a DN, compared as a string) with
  /// `caseIgnoreOrderingMatch`, and none of them without a rule.
  public var orderingRules: [PersonField: String] = [:]
  /// Where a person's department is held: inetOrgPerson's `ou`, Active
  /// Directory's `department`. The other details have the same names in
  /// both (see ``attribute(for:)``).
  public var departmentAttribute = "ou"
  /// Where a person's office or location is held: inetOrgPerson's `l`
  /// (locality), Active Directory's `physicalDeliveryOfficeName` (the
  /// Office of its Users and Computers; `l` is the city there).
  public var locationAttribute = "l"
  /// Where a person's city is held, when the schema keeps it apart from
  /// the location: Active Directory's `l`. None in inetOrgPerson, whose
  /// `l` is the location: a city filter there matches nobody, and a sort
  /// by city is refused.
  public var cityAttribute: String?
  /// Where a person's manager's DN is held, in every schema.
  public static let managerAttribute = "manager"
  /// The object classes a group has (any of them): `groupOfNames` and
  /// `groupOfUniqueNames` (OpenLDAP), `group` (Active Directory).
  public var groupObjectClasses = ["groupOfNames", "groupOfUniqueNames"]
  /// The attributes holding a group's member DNs, in the order they are
  /// looked for.
  public var memberAttributes = ["member", "uniqueMember"]
  /// A group's name, and the ordering rule a range of groups is sorted
  /// with (OpenLDAP's `cn` has none of its own).
  public var groupNameAttribute = "cn"
  public var groupOrderingRule: String? = "caseIgnoreOrderingMatch"
  /// The groups an entry is in, where the server keeps it (slapd's
  /// `memberof` overlay, Active Directory).
  public var memberOfAttribute = "memberOf"
  /// Where a disabled account is marked: `nsAccountLock` "TRUE" (389
  /// Directory Server's account inactivation, which FreeIPA uses; slapd has
  /// no such attribute, and its people all read as active), or Active
  /// Directory's `userAccountControl`, whose bit 2 (ACCOUNTDISABLE) is set
  /// for a disabled account.
  public var accountStateAttribute = "nsAccountLock"
  /// The relative identifier of a person's primary group, which their
  /// memberOf leaves out (Active Directory's `primaryGroupID`, "Domain
  /// Users" for most); nil where the server has none.
  public var primaryGroupAttribute: String?
  /// Whether a typed search also asks the server's ambiguous name
  /// resolution (Active Directory's `anr`, which finds people by the start
  /// of their given name, surname, office and other names).
  public var resolvesAmbiguousNames = false
  /// The attribute that names an entry for good, through renames and
  /// moves: `entryUUID` (RFC 4530: OpenLDAP, 389 Directory Server), or
  /// Active Directory's `objectGUID` (16 bytes, read as ``LDAPUniqueID``
  /// text).
  public var uniqueIDAttribute = "entryUUID"
  /// The people's filter when the URL gives none (Active Directory's
  /// people are its users: `(&(objectCategory=person)(objectClass=user))`,
  /// not its groups, contacts and computers).
  public var peopleFilter: String?

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
  public static let openLDAP: LDAPSchema = {
    var schema = LDAPSchema(
      usernameAttribute: "uid", photoAttribute: "jpegPhoto",
      sortOrderingRule: "caseIgnoreOrderingMatch")
    for field in PersonField.allCases { schema.orderingRules[field] = "caseIgnoreOrderingMatch" }
    return schema
  }()

  /// Active Directory: `sAMAccountName`, `thumbnailPhoto`; AD sorts strings
  /// with its own default rule.
  public static let activeDirectory: LDAPSchema = {
    var schema = LDAPSchema(usernameAttribute: "sAMAccountName", photoAttribute: "thumbnailPhoto")
    schema.departmentAttribute = "department"
    schema.locationAttribute = "physicalDeliveryOfficeName"
    schema.cityAttribute = "l"
    schema.groupObjectClasses = ["group"]
    schema.memberAttributes = ["member"]
    schema.groupOrderingRule = nil
    schema.peopleFilter = "(&(objectCategory=person)(objectClass=user))"
    schema.accountStateAttribute = "userAccountControl"
    schema.primaryGroupAttribute = "primaryGroupID"
    schema.uniqueIDAttribute = "objectGUID"
    schema.resolvesAmbiguousNames = true
    return schema
  }()

  /// The attribute holding `field`: the display name (`cn` when an entry
  /// has none, see ``fallbackNameAttribute``), `mail`, `title`, the
  /// department, the location, `telephoneNumber`, `manager` (the manager's DN),
  /// `employeeNumber` and the city (nil where the schema keeps none).
  public func attribute(for field: DetailField) -> String? {
    switch field {
    case .displayName: displayNameAttribute
    case .email: "mail"
    case .title: "title"
    case .department: departmentAttribute
    case .location: locationAttribute
    case .phone: "telephoneNumber"
    case .manager: Self.managerAttribute
    case .employeeNumber: "employeeNumber"
    case .city: cityAttribute
    }
  }

  /// The attribute holding `field`: the username's, the role's, or a
  /// detail's (``attribute(for:)-(DetailField)``); nil for a detail the
  /// schema keeps nowhere.
  public func attribute(for field: PersonField) -> String? {
    switch field {
    case .username: usernameAttribute
    case .role: roleAttribute
    case .active: accountStateAttribute
    default: field.detail.flatMap(attribute(for:))
    }
  }

  /// The ordering rule `field` is sorted and compared with, if any.
  public func orderingRule(for field: PersonField) -> String? {
    field == .username ? sortOrderingRule : orderingRules[field]
  }

  /// `field`'s key as the sort control spells it, reversed with a leading
  /// "-" ("-title:caseIgnoreOrderingMatch"); the username's is
  /// ``sortAttribute`` with ``sortOrderingRule``; nil for a field the
  /// schema keeps nowhere.
  func sortKey(for field: PersonField, descending: Bool) -> String? {
    guard let name = field == .username ? sortAttribute : attribute(for: field) else {
      return nil
    }
    let rule = orderingRule(for: field)
    return (descending ? "-" : "") + (rule.map { "\(name):\($0)" } ?? name)
  }

  /// The sort control's keys for `order` (nil: by username): its keys, then
  /// the username to break ties, at most `limit` keys in all (the keys past
  /// the limit are left out, the username kept last; a field the schema
  /// keeps nowhere is left out too: everyone is equal in it).
  func sortKeys(for order: PersonSort?, limit: Int) -> [String] {
    // The username is always kept somewhere.
    let username = { (descending: Bool) in
      self.sortKey(for: .username, descending: descending) ?? self.sortAttribute
    }
    var keys: [String] = []
    for key in order?.keys ?? [] {
      if key.field == .username || keys.count == max(limit - 1, 0) {
        keys.append(username(key.field == .username && key.descending))
        return keys
      }
      if let sortKey = sortKey(for: key.field, descending: key.descending) { keys.append(sortKey) }
    }
    return keys + [username(false)]
  }

  /// The filter that finds the people of `url`: its own, else
  /// ``peopleFilter`` (a URL without a filter says `(objectClass=*)`).
  func peopleFilter(of url: LDAPURL) -> String {
    url.filter == "(objectClass=*)" ? peopleFilter ?? url.filter : url.filter
  }

  /// Matches any group: `(|(objectClass=groupOfNames)(objectClass=…))`.
  var groupFilter: String {
    let classes = groupObjectClasses.map { "(objectClass=\($0))" }
    return classes.count == 1 ? classes[0] : "(|\(classes.joined()))"
  }

  /// The sort control's key for a range of groups ("cn:caseIgnoreOrderingMatch").
  var groupSortKey: String {
    groupOrderingRule.map { "\(groupNameAttribute):\($0)" } ?? groupNameAttribute
  }

  /// The sort key as the sort control spells it ("uid:caseIgnoreOrderingMatch").
  var sortKey: String {
    sortOrderingRule.map { "\(sortAttribute):\($0)" } ?? sortAttribute
  }

  /// Whether ``accountStateAttribute`` is Active Directory's
  /// `userAccountControl` (flags), not a "TRUE" or "FALSE" lock.
  var marksAccountsWithFlags: Bool { accountStateAttribute.lowercased() == "useraccountcontrol" }

  /// Whether an entry whose ``accountStateAttribute`` holds `value` (nil:
  /// none) is active: not locked, not flagged ACCOUNTDISABLE.
  func isActive(accountState value: String?) -> Bool {
    guard let value else { return true }
    if marksAccountsWithFlags {
      return (Int(value) ?? 0) & 2 == 0
    }
    return value.lowercased() != "true"
  }

  /// The filter matching the accounts that are active (`active` true) or
  /// disabled. `serverMarks` says whether the server knows
  /// ``accountStateAttribute`` (Active Directory and 389 do; slapd has no
  /// `nsAccountLock`, and a filter naming it matches nobody there, even
  /// negated): where it does not, every account is active. The disabled
  /// ones are asked for by the attribute alike (none, on such a server).
  func accountFilter(active: Bool, serverMarks: Bool) -> String {
    let disabled =
      marksAccountsWithFlags
      // The bitwise-and matching rule: every bit of the value is set.
      ? "(\(accountStateAttribute):1.2.840.113556.1.4.803:=2)"
      : "(\(accountStateAttribute)=TRUE)"
    guard active else { return disabled }
    return serverMarks || marksAccountsWithFlags ? "(!\(disabled))" : LDAPFilter.everybody
  }
}
