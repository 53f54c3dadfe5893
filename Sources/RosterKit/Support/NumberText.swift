/// Formats counts for people to read ("2,000 people", "1 person").
///
/// Threading: pure functions, any thread.
enum NumberText {
  /// A count with thousands separators.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }

  /// "1 person", "2,000 people".
  static func people(_ value: Int) -> String {
    value == 1 ? "1 person" : "\(grouped(value)) people"
  }
}
