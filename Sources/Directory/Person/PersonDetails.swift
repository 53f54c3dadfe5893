/// What a directory says about a person beyond their username, role and
/// avatar: how they are named, reached and placed in the organisation.
/// Every field is optional (nil when the directory has no value).
///
/// The same value travels from every source: users.json's camelCase keys,
/// LDAP's inetOrgPerson (or Active Directory) attributes and SCIM's core and
/// enterprise attributes all map onto it.
///
/// Threading: a plain value; `Sendable`, usable from any thread.
public struct PersonDetails: Sendable, Hashable {
  /// The name people know them by ("Maria García").
  public var displayName: String?
  /// Their primary email address.
  public var email: String?
  /// Their job title.
  public var title: String?
  /// Their department (or organisational unit).
  public var department: String?
  /// Their office (or, where the directory keeps no office, their city).
  public var location: String?
  /// Their primary telephone number.
  public var phone: String?
  /// Their manager's identity as the source names it: an id or username in
  /// users.json, a DN in LDAP, a resource id in SCIM.
  public var manager: String?
  /// Their employee number.
  public var employeeNumber: String?
  /// The city they work in, where the directory keeps it beside the office.
  public var city: String?

  /// Details with the given values; nil (the default) means none.
  public init(
    displayName: String? = nil, email: String? = nil, title: String? = nil,
    department: String? = nil, location: String? = nil, phone: String? = nil,
    manager: String? = nil, employeeNumber: String? = nil, city: String? = nil
  ) {
    self.displayName = displayName
    self.email = email
    self.title = title
    self.department = department
    self.location = location
    self.phone = phone
    self.manager = manager
    self.employeeNumber = employeeNumber
    self.city = city
  }

  /// The value of `field`, one of the text fields details hold.
  /// A switch rather than the field's key path, which the runtime resolves
  /// on every access.
  public subscript(field: DetailField) -> String? {
    get {
      switch field {
      case .displayName: displayName
      case .email: email
      case .title: title
      case .department: department
      case .location: location
      case .phone: phone
      case .manager: manager
      case .employeeNumber: employeeNumber
      case .city: city
      }
    }
    set {
      switch field {
      case .displayName: displayName = newValue
      case .email: email = newValue
      case .title: title = newValue
      case .department: department = newValue
      case .location: location = newValue
      case .phone: phone = newValue
      case .manager: manager = newValue
      case .employeeNumber: employeeNumber = newValue
      case .city: city = newValue
      }
    }
  }

  /// Whether no field has a value.
  public var isEmpty: Bool { DetailField.allCases.allSatisfy { self[$0] == nil } }
}
