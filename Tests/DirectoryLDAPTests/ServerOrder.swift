import Directory

/// What a server's order is checked against in the sort tests of the
/// company directories.
enum ServerOrder {
  /// The values of `field` the entries show, lower-cased, for the columns
  /// whose order is plain text on the server (nil for the rest: the
  /// manager, a DN, and the role).
  static func values(_ field: PersonField, _ entries: [DirectoryEntry]) -> [String]? {
    let values: [String?]
    switch field {
    case .username: values = entries.map(\.username)
    case .displayName: values = entries.map(\.displayName)
    case .email: values = entries.map(\.details.email)
    case .title: values = entries.map(\.details.title)
    case .department: values = entries.map(\.details.department)
    case .location: values = entries.map(\.details.location)
    case .phone: values = entries.map(\.details.phone)
    case .employeeNumber: values = entries.map(\.details.employeeNumber)
    case .manager, .role: return nil
    }
    return values.map { ($0 ?? "").lowercased() }
  }
}
