import Directory

extension SCIMFilter {
  /// The enterprise User extension's schema, which holds department,
  /// employee number and manager.
  static let enterpriseSchema = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
  /// Where the enterprise extension names a user's manager.
  static let managerPath = "\(enterpriseSchema):manager.value"

  /// The SCIM attribute path a field is filtered and sorted by; nil for
  /// the city, which SCIM's schemas hold only as the address's locality,
  /// the location here.
  static func path(of field: PersonField) -> String? {
    switch field {
    case .username: "userName"
    case .displayName: "displayName"
    case .email: "emails.value"
    case .title: "title"
    case .department: "\(enterpriseSchema):department"
    case .location: "addresses.locality"
    case .city: nil
    case .phone: "phoneNumbers.value"
    case .manager: managerPath
    case .employeeNumber: "\(enterpriseSchema):employeeNumber"
    case .role: "roles.value"
    case .active: "active"
    }
  }

  /// `filter` as a SCIM filter over SCIM's attribute paths, values quoted
  /// (``literal(_:)``), every group in parentheses. `ne` is written
  /// `not (a eq v)`, so that, as in the local table, it also holds for a
  /// person without the attribute.
  static func compile(_ filter: PersonFilter) -> String {
    switch filter {
    case .compare(.active, let op, let value):
      // Decided for both values here, as the local table compares "true"
      // and "false"; a user without `active` is active, so the active ones
      // are those not inactive. Everyone has a userName.
      switch (op.holds(between: "true", and: value), op.holds(between: "false", and: value)) {
      case (true, true): "userName pr"
      case (false, false): "not (userName pr)"
      case (true, false): "not (active eq false)"
      case (false, true): "active eq false"
      }
    case .present(.active): "userName pr"
    case .compare(let field, let op, let value): compare(path(of: field), op, value)
    // A field the service keeps nowhere: nobody has it.
    case .present(let field): path(of: field).map { "\($0) pr" } ?? "not (userName pr)"
    case .and(let left, let right): "(\(compile(left)) and \(compile(right)))"
    case .or(let left, let right): "(\(compile(left)) or \(compile(right)))"
    case .not(let inner): "not (\(compile(inner)))"
    }
  }

  /// `path op value`; for a field the service keeps nowhere (no `path`),
  /// what holds when nobody has a value: `ne` for everyone, the rest for
  /// nobody (everyone has a userName).
  private static func compare(_ path: String?, _ op: FilterOperator, _ value: String) -> String {
    guard let path else { return op == .ne ? "userName pr" : "not (userName pr)" }
    return op == .ne
      ? "not (\(path) eq \(literal(value)))" : "\(path) \(op.rawValue) \(literal(value))"
  }
}
