/// The fields of ``PersonDetails``. The raw value is the field's name in
/// users.json, in filters and on the command line. The order is that of a
/// copy's records (``city`` came last, so records written before it read
/// back); a person's page lists them in ``pageOrder``.
///
/// Threading: a plain value; `Sendable`.
public enum DetailField: String, CaseIterable, Sendable {
  case displayName, email, title, department, location, phone, manager, employeeNumber
  /// The city they work in: Active Directory's `l`, where the location is
  /// the office (`physicalDeliveryOfficeName`).
  case city

  /// The fields in the order a person's page and the attributes asked of a
  /// server list them: the city beside the location.
  public static let pageOrder: [DetailField] = [
    .displayName, .email, .title, .department, .location, .city, .phone, .manager,
    .employeeNumber,
  ]

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
    case .city: \.city
    }
  }

  /// Whether many people share the field's values (titles, departments,
  /// locations, cities), so a table stores each distinct value once.
  public var isShared: Bool {
    switch self {
    case .title, .department, .location, .city: true
    default: false
    }
  }
}
