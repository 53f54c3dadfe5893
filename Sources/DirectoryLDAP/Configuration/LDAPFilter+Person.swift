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
  ///
  /// A field `orderingRule` names a rule for is ordered with it through an
  /// extensible match, which holds for values before the assertion:
  /// `lt` is `(a:rule:=v)`, `ge` `(&(a=*)(!(a:rule:=v)))`. OpenLDAP gives
  /// `title`, `ou`, `l`, `mail` and the other attributes Roster reads no
  /// ordering rule of their own, so a bare `(a>=v)` matches nobody there.
  ///
  /// A field a schema reads from a credential (``SecretAttribute``) is
  /// compiled as a field no entry has, never sent: the server would
  /// otherwise confirm a guessed password hash. So is a field the schema
  /// keeps nowhere (`attribute` nil: the city in inetOrgPerson).
  ///
  /// `active` ("true" or "false", compared as the local table compares
  /// them) is decided for both values here and compiled as `account`
  /// says the accounts that are active (true) or disabled (false) are
  /// found (``LDAPSchema/accountFilter(active:serverMarks:)``).
  public static func compile(
    _ filter: PersonFilter, attribute: (PersonField) -> String?,
    orderingRule: (PersonField) -> String? = { _ in nil },
    account: (Bool) -> String = { $0 ? "(objectClass=*)" : "(!(objectClass=*))" }
  ) -> String {
    switch filter {
    case .compare(.active, let op, let value):
      let active = op.holds(between: "true", and: value)
      let disabled = op.holds(between: "false", and: value)
      return active == disabled ? (active ? everybody : nobody) : account(active)
    case .present(.active):
      return everybody
    case .compare(let field, let op, let value):
      guard let name = readable(attribute(field)) else { return op == .ne ? everybody : nobody }
      return compare(name, orderingRule(field), op, value)
    case .present(let field):
      guard let name = readable(attribute(field)) else { return nobody }
      return "(\(name)=*)"
    case .and:
      return "(&" + operands(of: filter, joinedBy: .and, attribute, orderingRule, account) + ")"
    case .or:
      return "(|" + operands(of: filter, joinedBy: .or, attribute, orderingRule, account) + ")"
    case .not(let inner):
      return
        "(!\(compile(inner, attribute: attribute, orderingRule: orderingRule, account: account)))"
    }
  }

  /// `name`, unless it is none or a credential (compiled as a field no
  /// entry has).
  private static func readable(_ name: String?) -> String? {
    guard let name, !SecretAttribute.isSecret(name) else { return nil }
    return name
  }

  /// Nobody matches: no entry lacks an object class.
  static let nobody = "(!(objectClass=*))"
  /// Everybody matches.
  static let everybody = "(objectClass=*)"

  private enum Junction { case and, or }

  /// The operands of a run of the same junction, flattened: `a and b and c`
  /// is `(&(a)(b)(c))`, not nested pairs.
  private static func operands(
    of filter: PersonFilter, joinedBy junction: Junction, _ attribute: (PersonField) -> String?,
    _ orderingRule: (PersonField) -> String?, _ account: (Bool) -> String
  ) -> String {
    switch (filter, junction) {
    case (.and(let left, let right), .and), (.or(let left, let right), .or):
      operands(of: left, joinedBy: junction, attribute, orderingRule, account)
        + operands(of: right, joinedBy: junction, attribute, orderingRule, account)
    default: compile(filter, attribute: attribute, orderingRule: orderingRule, account: account)
    }
  }

  private static func compare(
    _ name: String, _ rule: String?, _ op: FilterOperator, _ value: String
  ) -> String {
    if value.isEmpty {
      switch op {
      case .co, .sw, .ew, .ge, .gt: return "(\(name)=*)"
      case .eq, .le, .lt: return nobody
      case .ne: return everybody
      }
    }
    let value = escape(value)
    if let rule {
      let before = "(\(name):\(rule):=\(value))"
      switch op {
      case .lt: return before
      case .le: return "(|\(before)(\(name)=\(value)))"
      case .ge: return "(&(\(name)=*)(!\(before)))"
      case .gt: return "(&(\(name)=*)(!\(before))(!(\(name)=\(value))))"
      default: break
      }
    }
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
