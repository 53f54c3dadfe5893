/// A condition on people, parsed once from the one filter language every
/// source shares (SCIM's filter syntax over Roster's field names) and then
/// run where the data is: over the local table, as an LDAP filter, or as a
/// SCIM filter.
///
/// `department eq "Sales" and (title co "Engineer" or location sw "Ber")
/// and not (email pr)` reads as
/// `.and(.and(.compare(.department, .eq, "Sales"), .or(…)), .not(.present(.email)))`.
/// Values compare without regard to case.
///
/// Threading: a plain value; `Sendable`.
public indirect enum PersonFilter: Sendable, Hashable {
  /// The field's value compared with a value.
  case compare(PersonField, FilterOperator, String)
  /// The person has a (non-empty) value for the field.
  case present(PersonField)
  /// Both hold.
  case and(PersonFilter, PersonFilter)
  /// Either holds.
  case or(PersonFilter, PersonFilter)
  /// It does not hold.
  case not(PersonFilter)

  /// Parses `text`; a ``FilterSyntaxError`` names the position of the first
  /// mistake.
  public init(parsing text: String) throws(FilterSyntaxError) {
    var parser = FilterParser(text)
    self = try parser.parseAll()
  }

  /// Every field the filter reads, each once, in the order they appear.
  public var fields: [PersonField] {
    var seen: [PersonField] = []
    func visit(_ filter: PersonFilter) {
      switch filter {
      case .compare(let field, _, _), .present(let field):
        if !seen.contains(field) { seen.append(field) }
      case .and(let left, let right), .or(let left, let right):
        visit(left)
        visit(right)
      case .not(let inner): visit(inner)
      }
    }
    visit(self)
    return seen
  }
}

extension PersonFilter: CustomStringConvertible {
  /// The filter in the language it was parsed from, every group in
  /// parentheses and every value quoted: parsing it again gives the same
  /// filter.
  public var description: String {
    switch self {
    case .compare(let field, let op, let value):
      "\(field.rawValue) \(op.rawValue) \(Self.quoted(value))"
    case .present(let field): "\(field.rawValue) pr"
    case .and(let left, let right): "(\(left) and \(right))"
    case .or(let left, let right): "(\(left) or \(right))"
    case .not(let inner): "not (\(inner))"
    }
  }

  /// `value` as a JSON string literal (SCIM's string syntax).
  public static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
