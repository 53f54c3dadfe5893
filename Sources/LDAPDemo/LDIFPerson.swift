/// One person for a demo directory: an inetOrgPerson under ou=people, with
/// the attributes Roster reads (those left nil are not written).
///
/// Threading: a plain value; `Sendable`.
public struct LDIFPerson: Sendable, Hashable {
  public var uid: String
  public var cn: String
  public var sn: String
  public var displayName: String?
  /// "User", "Owner", "Admin" or anything else.
  public var employeeType: String?
  public var jpegPhoto: [UInt8]?
  /// When set, the entry is named by it (`employeeNumber=…`) instead of by
  /// `uid`: usernames that differ only in case ("MariaGarcia",
  /// "mariagarcia") are one DN under uid's case-ignoring match.
  public var employeeNumber: String?
  /// Their email address.
  public var mail: String?
  public var title: String?
  /// Their department.
  public var ou: String?
  /// Their office (locality).
  public var l: String?
  public var telephoneNumber: String?
  /// Their manager's DN (``LDIFWriter/dn(of:)`` of the manager).
  public var manager: String?

  public init(
    uid: String, cn: String, sn: String, displayName: String? = nil, employeeType: String? = nil,
    jpegPhoto: [UInt8]? = nil, employeeNumber: String? = nil, mail: String? = nil,
    title: String? = nil, ou: String? = nil, l: String? = nil, telephoneNumber: String? = nil,
    manager: String? = nil
  ) {
    self.uid = uid
    self.cn = cn
    self.sn = sn
    self.displayName = displayName
    self.employeeType = employeeType
    self.jpegPhoto = jpegPhoto
    self.employeeNumber = employeeNumber
    self.mail = mail
    self.title = title
    self.ou = ou
    self.l = l
    self.telephoneNumber = telephoneNumber
    self.manager = manager
  }
}
