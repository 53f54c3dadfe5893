/// Every field of a person that a filter, a sort or a table column names:
/// the username and role beside the ``DetailField`` values. The raw value
/// is the field's name in filters, on the command line and in users.json.
///
/// Threading: a plain value; `Sendable`.
public enum PersonField: String, CaseIterable, Sendable {
  case username, displayName, email, title, department, location, city, phone, manager
  case employeeNumber, role
  /// Whether the account is active (``User/isActive``): "true" or "false"
  /// in filters, sorts and files (SCIM's name).
  case active

  /// The details field it is, if it is one (a switch: matching the raw
  /// value's string for each field of each person cost an export dearly).
  public var detail: DetailField? {
    switch self {
    case .displayName: .displayName
    case .email: .email
    case .title: .title
    case .department: .department
    case .location: .location
    case .city: .city
    case .phone: .phone
    case .manager: .manager
    case .employeeNumber: .employeeNumber
    case .username, .role, .active: nil
    }
  }

  /// The field named `name`, matched without regard to case (as SCIM
  /// attribute names are).
  public init?(named name: some StringProtocol) {
    let lowered = name.lowercased()
    guard let field = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered })
    else { return nil }
    self = field
  }
}
