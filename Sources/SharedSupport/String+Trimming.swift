extension StringProtocol {
  /// The text without the white space (spaces, tabs, line breaks and
  /// Unicode's other spaces) at either end.
  public var trimmed: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }

  /// The text without the characters `isTrimmed` accepts at either end.
  public func trimming(where isTrimmed: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isTrimmed($0) }),
      let last = lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(self[first...last])
  }
}
