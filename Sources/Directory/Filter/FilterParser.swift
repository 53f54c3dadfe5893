/// Reads the filter language: SCIM's filter grammar (RFC 7644, section
/// 3.4.2.2) over Roster's field names, with `and` binding tighter than
/// `or`, `not (…)`, parentheses, and operators and keywords in any case.
///
/// Filters are untrusted text (typed, pasted, from the command line): at
/// most ``maxLength`` characters and ``maxDepth`` nested groups, so no
/// input takes long or deep recursion.
///
/// Threading: a value owned by one parse.
struct FilterParser {
  /// The most characters a filter may have.
  static let maxLength = 8192
  /// The most groups (parentheses, `not`) nested in one another.
  static let maxDepth = 64

  private let text: [Character]
  private var tokens: [FilterToken] = []
  private var next = 0

  init(_ text: String) { self.text = Array(text) }

  /// The whole text as one filter.
  mutating func parseAll() throws(FilterSyntaxError) -> PersonFilter {
    guard text.count <= Self.maxLength else {
      throw FilterSyntaxError(
        position: Self.maxLength, message: "a filter has at most \(Self.maxLength) characters")
    }
    tokens = try FilterToken.tokens(of: text)
    if peek.kind == .end { throw FilterSyntaxError(position: 0, message: "the filter is empty") }
    let filter = try parseOr(depth: 0)
    guard peek.kind == .end else {
      throw error(at: peek, "expected \u{201C}and\u{201D}, \u{201C}or\u{201D} or the end")
    }
    return filter
  }

  private var peek: FilterToken { tokens[next] }

  private mutating func take() -> FilterToken {
    defer { next = min(next + 1, tokens.count - 1) }
    return tokens[next]
  }

  private func isKeyword(_ token: FilterToken, _ keyword: String) -> Bool {
    if case .word(let word) = token.kind { return word.lowercased() == keyword }
    return false
  }

  private mutating func parseOr(depth: Int) throws(FilterSyntaxError) -> PersonFilter {
    var filter = try parseAnd(depth: depth)
    while isKeyword(peek, "or") {
      _ = take()
      filter = .or(filter, try parseAnd(depth: depth))
    }
    return filter
  }

  private mutating func parseAnd(depth: Int) throws(FilterSyntaxError) -> PersonFilter {
    var filter = try parseUnary(depth: depth)
    while isKeyword(peek, "and") {
      _ = take()
      filter = .and(filter, try parseUnary(depth: depth))
    }
    return filter
  }

  private mutating func parseUnary(depth: Int) throws(FilterSyntaxError) -> PersonFilter {
    if isKeyword(peek, "not") {
      let keyword = take()
      guard peek.kind == .open else {
        throw error(at: peek, "expected \u{201C}(\u{201D} after \u{201C}not\u{201D}")
      }
      return .not(try parseGroup(depth: depth, opener: keyword))
    }
    if peek.kind == .open { return try parseGroup(depth: depth, opener: peek) }
    return try parseComparison()
  }

  /// `( filter )`, the opening parenthesis next.
  private mutating func parseGroup(depth: Int, opener: FilterToken) throws(FilterSyntaxError)
    -> PersonFilter
  {
    guard depth < Self.maxDepth else {
      throw error(at: opener, "more than \(Self.maxDepth) groups inside one another")
    }
    let open = take()
    let inner = try parseOr(depth: depth + 1)
    guard peek.kind == .close else {
      if peek.kind == .end {
        throw error(at: open, "this \u{201C}(\u{201D} is never closed")
      }
      throw error(at: peek, "expected \u{201C})\u{201D}")
    }
    _ = take()
    return inner
  }

  private mutating func parseComparison() throws(FilterSyntaxError) -> PersonFilter {
    let nameToken = take()
    guard case .word(let name) = nameToken.kind else {
      throw error(at: nameToken, "expected a field name")
    }
    guard let field = PersonField(named: name) else {
      let known = PersonField.allCases.map(\.rawValue).joined(separator: ", ")
      throw error(at: nameToken, "unknown field \u{201C}\(name)\u{201D} (fields: \(known))")
    }
    let operatorToken = take()
    guard case .word(let word) = operatorToken.kind else {
      throw error(at: operatorToken, "expected an operator after \u{201C}\(name)\u{201D}")
    }
    if word.lowercased() == "pr" { return .present(field) }
    guard let op = FilterOperator(rawValue: word.lowercased()) else {
      let known = FilterOperator.allCases.map(\.rawValue).joined(separator: ", ")
      throw error(
        at: operatorToken, "unknown operator \u{201C}\(word)\u{201D} (operators: \(known), pr)")
    }
    let valueToken = take()
    switch valueToken.kind {
    case .string(let value), .number(let value): return .compare(field, op, value)
    case .word(let word) where ["true", "false", "null"].contains(word.lowercased()):
      throw error(at: valueToken, "fields hold text: compare with a quoted value")
    default:
      throw error(at: valueToken, "expected a quoted value after \u{201C}\(word)\u{201D}")
    }
  }

  private func error(at token: FilterToken, _ message: String) -> FilterSyntaxError {
    FilterSyntaxError(position: token.position, message: message)
  }
}
