import Directory
import SharedSupport

/// How the filter bar words a filter for people: the fields and the
/// comparisons its menus offer, a condition as a chip reads it ("Department
/// is “Sales”"), and a filter as the top-level conditions the chips hold
/// (each chip one, combined with AND) and back as the expression text.
///
/// Threading: plain values and functions; any thread.
enum FilterWording {
  /// The fields the field menu offers, in its order.
  static let fields: [PersonField] = [
    .displayName, .username, .email, .title, .department, .location, .city, .phone, .manager,
    .employeeNumber, .role, .active,
  ]

  /// `field`'s name as the menu and the chips show it, translated.
  static func name(of field: PersonField) -> String {
    if let detail = field.detail { return detail.label }
    return switch field {
    case .username: tr("Username")
    case .role: tr("Role")
    case .active: tr("Account active")
    default: field.rawValue
    }
  }

  /// The comparisons the operator menu offers.
  enum Comparison: CaseIterable {
    case eq, ne, co, sw, ew, present, absent, gt, lt

    /// The comparison as the menu shows it, translated.
    var title: String {
      switch self {
      case .eq: tr("is")
      case .ne: tr("is not")
      case .co: tr("contains")
      case .sw: tr("starts with")
      case .ew: tr("ends with")
      case .present: tr("is set")
      case .absent: tr("is not set")
      case .gt: tr("comes after")
      case .lt: tr("comes before")
      }
    }

    /// Whether the comparison needs a value typed.
    var needsValue: Bool { self != .present && self != .absent }

    /// The condition on `field` with `value`; nil when a value is needed
    /// and `value` is empty.
    func condition(_ field: PersonField, _ value: String) -> PersonFilter? {
      switch self {
      case .present: return .present(field)
      case .absent: return .not(.present(field))
      default:
        guard !value.isEmpty, let op = FilterOperator(rawValue: "\(self)") else { return nil }
        return .compare(field, op, value)
      }
    }
  }

  /// `condition` as its chip reads it: "Department is “Sales”", "Email is
  /// set"; a condition the menus do not make (an OR, a NOT of a comparison)
  /// reads as its expression.
  static func label(of condition: PersonFilter) -> String {
    switch condition {
    case .compare(let field, let op, let value):
      return String(filling: format(of: op), name(of: field), value)
    case .present(let field):
      return String(filling: tr("%@ is set"), name(of: field))
    case .not(.present(let field)):
      return String(filling: tr("%@ is not set"), name(of: field))
    default:
      return condition.description
    }
  }

  private static func format(of op: FilterOperator) -> String {
    switch op {
    case .eq: tr("%1$@ is “%2$@”")
    case .ne: tr("%1$@ is not “%2$@”")
    case .co: tr("%1$@ contains “%2$@”")
    case .sw: tr("%1$@ starts with “%2$@”")
    case .ew: tr("%1$@ ends with “%2$@”")
    case .gt: tr("%1$@ comes after “%2$@”")
    case .ge: tr("%1$@ is or comes after “%2$@”")
    case .lt: tr("%1$@ comes before “%2$@”")
    case .le: tr("%1$@ is or comes before “%2$@”")
    }
  }

  /// The top-level conditions of `filter`: the terms its ANDs join, in order.
  static func conditions(of filter: PersonFilter) -> [PersonFilter] {
    if case .and(let left, let right) = filter {
      return conditions(of: left) + conditions(of: right)
    }
    return [filter]
  }

  /// The conditions combined with AND; nil for none.
  static func combined(_ conditions: [PersonFilter]) -> PersonFilter? {
    guard let first = conditions.first else { return nil }
    return conditions.dropFirst().reduce(first) { .and($0, $1) }
  }

  /// The conditions as one expression, which parses back to them:
  /// `department eq "Sales" and title co "Engineer"`.
  static func expression(of conditions: [PersonFilter]) -> String {
    conditions.map(\.description).joined(separator: " and ")
  }
}
