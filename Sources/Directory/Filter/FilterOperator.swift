/// How a filter compares a field with a value: SCIM's operators (RFC 7644,
/// section 3.4.2.2), without regard to case.
///
/// Threading: a plain value; `Sendable`.
public enum FilterOperator: String, CaseIterable, Sendable {
  /// Equal.
  case eq
  /// Not equal; also true when the person has no value.
  case ne
  /// Contains the value.
  case co
  /// Starts with the value.
  case sw
  /// Ends with the value.
  case ew
  /// Greater than, in the text's order.
  case gt
  /// Greater than or equal.
  case ge
  /// Less than.
  case lt
  /// Less than or equal.
  case le
}

extension FilterOperator {
  /// Whether the operator holds between `text` and `value`, compared as a
  /// table's filter compares them (without regard to case).
  public func holds(between text: String, and value: String) -> Bool {
    guard !text.isEmpty else { return self == .ne }
    let folded = Array(text.lowercased().utf8)
    return folded.withUnsafeBufferPointer {
      FoldedCompare.apply(self, FoldedBytes($0), Array(value.lowercased().utf8))
    }
  }
}
