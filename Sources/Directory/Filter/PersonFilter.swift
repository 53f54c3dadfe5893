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
  ///
  /// The parser reads a filter a character (grapheme cluster) at a time, so
  /// a scalar that would join the quote or escape next to it into one
  /// character is escaped too: a mark, a joiner or a spacing mark after the
  /// opening quote or an escape (it would extend the quote, or the escape's
  /// last hex digit), and a prefix that joins what follows it (Arabic number
  /// signs and the like) anywhere.
  public static func quoted(_ value: String) -> String {
    var out = "\""
    // Whether the last thing written is syntax (the quote, an escape).
    var afterSyntax = true
    for scalar in value.unicodeScalars {
      let escaped: String? =
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where TerminalText.isControl(scalar): TerminalText.jsonEscape(scalar)
        case _ where scalar.isASCII: nil
        case _ where afterSyntax && joins("0", scalar): escape(scalar)
        case _ where joins(scalar, "\""): escape(scalar)
        default: nil
        }
      if let escaped {
        out += escaped
      } else {
        out.unicodeScalars.append(scalar)
      }
      afterSyntax = escaped != nil
    }
    return out + "\""
  }

  /// `\uXXXX` (a pair of them for a scalar past the Basic Multilingual Plane).
  private static func escape(_ scalar: Unicode.Scalar) -> String {
    String(scalar).utf16.map { unit in
      let hex = String(unit, radix: 16, uppercase: true)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }.joined()
  }

  /// Whether `first` then `second` make one character (grapheme cluster).
  private static func joins(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
    var pair = String.UnicodeScalarView()
    pair.append(first)
    pair.append(second)
    return String(pair).count == 1
  }
}
