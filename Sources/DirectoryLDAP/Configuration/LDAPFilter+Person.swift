import Directory

extension LDAPFilter {
  /// `filter` as an RFC 4515 filter, each field read from the attribute
  /// `attribute` names, every value escaped (``escape(_:)``).
  ///
  /// The forms keep the local table's meaning: `ne` is `(!(a=v))`, so it
  /// also holds for an entry without the attribute; `co`, `sw` and `ew` are
  /// substring assertions; `gt` and `lt` are `>=` and `<=` without the value
  /// itself; `pr` is `(a=*)`. Comparisons with "" are decided here (an
  /// attribute holds no empty value): `co`, `sw`, `ew`, `ge` and `gt` ""
  /// mean the attribute is present, `eq`, `le` and `lt` "" match nobody and
  /// `ne` "" everybody.
  public static func compile(
    _ filter: PersonFilter, attribute: (PersonField) -> String
  ) -> String {
    switch filter {
    case .compare(let field, let op, let value):
      return compare(attribute(field), op, value)
    case .present(let field):
      return "(\(attribute(field))=*)"
    case .and:
      return "(&" + operands(of: filter, joinedBy: .and, attribute) + ")"
    case .or:
      return "(|" + operands(of: filter, joinedBy: .or, attribute) + ")"
    case .not(let inner):
      return "(!\(compile(inner, attribute: attribute)))"
    }
  }

  /// Nobody matches: no entry lacks an object class.
  static let nobody = "(!(objectClass=*))"
  /// Everybody matches.
  static let everybody = "(objectClass=*)"

  private enum Junction { case and, or }

  /// The operands of a run of the same junction, flattened: `a and b and c`
  /// is `(&(a)(b)(c))`, not nested pairs.
  private static func operands(
    of filter: PersonFilter, joinedBy junction: Junction, _ attribute: (PersonField) -> String
  ) -> String {
    switch (filter, junction) {
    case (.and(let left, let right), .and), (.or(let left, let right), .or):
      operands(of: left, joinedBy: junction, attribute)
        + operands(of: right, joinedBy: junction, attribute)
    default: compile(filter, attribute: attribute)
    }
  }

  private static func compare(_ name: String, _ op: FilterOperator, _ value: String) -> String {
    if value.isEmpty {
      switch op {
      case .co, .sw, .ew, .ge, .gt: return "(\(name)=*)"
      case .eq, .le, .lt: return nobody
      case .ne: return everybody
      }
    }
    let value = escape(value)
    switch op {
    case .eq: return "(\(name)=\(value))"
    case .ne: return "(!(\(name)=\(value)))"
    case .co: return "(\(name)=*\(value)*)"
    case .sw: return "(\(name)=\(value)*)"
    case .ew: return "(\(name)=*\(value))"
    case .ge: return "(\(name)>=\(value))"
    case .le: return "(\(name)<=\(value))"
    case .gt: return "(&(\(name)>=\(value))(!(\(name)=\(value))))"
    case .lt: return "(&(\(name)<=\(value))(!(\(name)=\(value))))"
    }
  }
}
