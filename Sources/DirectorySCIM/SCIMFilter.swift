import Directory

/// SCIM filter expressions (RFC 7644 §3.4.2.2) for search and for finding a
/// position by username.
///
/// Threading: stateless; callable from any thread.
enum SCIMFilter {
  /// `text` as a SCIM string literal: quotes and backslashes escaped, so
  /// typed text never changes the expression around it.
  static func literal(_ text: String) -> String { PersonFilter.quoted(text) }

  /// The users whose username or display name contains `text`; nil for ""
  /// (the whole directory).
  static func search(_ text: String) -> String? {
    guard !text.isEmpty else { return nil }
    let value = literal(text)
    return "userName co \(value) or displayName co \(value)"
  }

  /// The resources whose `path` is one of `values` (a disjunction of
  /// `eq`s; `values` must not be empty).
  static func any(_ path: String, of values: some Sequence<String>) -> String {
    values.map { "\(path) eq \(literal($0))" }.joined(separator: " or ")
  }

  /// `filter` and also `condition`, each in parentheses (a search's `or`
  /// stays inside its own).
  static func both(_ filter: String?, _ condition: String) -> String {
    filter.map { "(\($0)) and (\(condition))" } ?? condition
  }
}
