import Directory

extension SCIMFilter {
  /// The enterprise User extension's schema, which holds department,
  /// employee number and manager.
  static let enterpriseSchema = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"

  /// The SCIM attribute path a field is filtered and sorted by.
  static func path(of field: PersonField) -> String {
    switch field {
    case .username: "userName"
    case .displayName: "displayName"
    case .email: "emails.value"
    case .title: "title"
    case .department: "\(enterpriseSchema):department"
    case .location: "addresses.locality"
    case .phone: "phoneNumbers.value"
    case .manager: "\(enterpriseSchema):manager.value"
    case .employeeNumber: "\(enterpriseSchema):employeeNumber"
    case .role: "roles.value"
    }
  }

  /// `filter` as a SCIM filter over SCIM's attribute paths, values quoted
  /// (``literal(_:)``), every group in parentheses. `ne` is written
  /// `not (a eq v)`, so that, as in the local table, it also holds for a
  /// person without the attribute.
  static func compile(_ filter: PersonFilter) -> String {
    switch filter {
    case .compare(let field, .ne, let value):
      "not (\(path(of: field)) eq \(literal(value)))"
    case .compare(let field, let op, let value):
      "\(path(of: field)) \(op.rawValue) \(literal(value))"
    case .present(let field): "\(path(of: field)) pr"
    case .and(let left, let right): "(\(compile(left)) and \(compile(right)))"
    case .or(let left, let right): "(\(compile(left)) or \(compile(right)))"
    case .not(let inner): "not (\(compile(inner)))"
    }
  }
}
