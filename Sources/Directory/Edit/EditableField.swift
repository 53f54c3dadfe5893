/// A field of a person that Roster can change on a directory server, by
/// the name `roster set` takes: the ``DetailField`` names, and the mobile
/// number, which Roster does not show yet. `office` is another name for
/// `location`. The manager's values are usernames: the server holds a
/// reference to the person (an LDAP DN), which the directory translates.
///
/// Threading: a plain value; `Sendable`.
public enum EditableField: String, CaseIterable, Sendable, Hashable {
  case displayName, email, title, department, location, city, phone, mobile, employeeNumber,
    manager

  /// The field named `name` (without regard to case; `office` is the
  /// location); nil for any other name.
  public init?(named name: some StringProtocol) {
    let lowered = name.lowercased()
    if lowered == "office" {
      self = .location
      return
    }
    guard let field = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else {
      return nil
    }
    self = field
  }

  /// The detail field it is, when Roster reads it as one (nil: the mobile
  /// number).
  public var detail: DetailField? {
    switch self {
    case .displayName: .displayName
    case .email: .email
    case .title: .title
    case .department: .department
    case .location: .location
    case .city: .city
    case .phone: .phone
    case .employeeNumber: .employeeNumber
    case .manager: .manager
    case .mobile: nil
    }
  }

  /// Every name `roster set` takes, for its help and its errors.
  public static var names: [String] { allCases.map(\.rawValue) + ["office"] }
}
