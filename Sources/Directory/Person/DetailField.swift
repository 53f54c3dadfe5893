/// The fields of ``PersonDetails``, in the order rows, tables and files list
/// them. The raw value is the field's name in users.json, in filters and on
/// the command line.
///
/// Threading: a plain value; `Sendable`.
public enum DetailField: String, CaseIterable, Sendable {
  case displayName, email, title, department, location, phone, manager, employeeNumber

  /// Where the field sits in ``PersonDetails``.
  public var keyPath: WritableKeyPath<PersonDetails, String?> {
    switch self {
    case .displayName: \.displayName
    case .email: \.email
    case .title: \.title
    case .department: \.department
    case .location: \.location
    case .phone: \.phone
    case .manager: \.manager
    case .employeeNumber: \.employeeNumber
    }
  }

  /// Whether many people share the field's values (titles, departments,
  /// locations), so a table stores each distinct value once.
  public var isShared: Bool {
    switch self {
    case .title, .department, .location: true
    default: false
    }
  }
}
