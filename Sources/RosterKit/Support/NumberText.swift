import FoundationEssentials
import SharedSupport

/// Formats counts for people to read ("2,000 people", "1 person"; in German
/// "2.000 Personen", "1 Person"), grouped as the user's locale groups.
///
/// Threading: pure functions, any thread (the locale is set at start-up).
enum NumberText {
  /// A count with the locale's thousands separator and group sizes. The C
  /// locale defines none: it groups by three with a comma, as English does.
  static func grouped(_ value: Int) -> String {
    let (separator, sizes) = userNumericConventions() ?? (",", [3])
    var digits = Substring(String(value.magnitude))
    var groups: [Substring] = []
    for index in 0... {
      let size = sizes[min(index, sizes.count - 1)]
      guard size > 0, digits.count > size else { break }
      groups.insert(digits.suffix(size), at: 0)
      digits.removeLast(size)
    }
    groups.insert(digits, at: 0)
    let text = groups.joined(separator: separator)
    return value < 0 ? "-" + text : text
  }

  /// "1 person", "2,000 people" ("500 people so far" while a server read
  /// forward is still counting), with the plural rule of the language.
  static func people(_ value: Int, soFar: Bool = false) -> String {
    let format =
      soFar
      ? trn("%@ person so far", "%@ people so far", value) : trn("%@ person", "%@ people", value)
    return String(filling: format, grouped(value))
  }

  /// "3 selected": how many people of the view are selected.
  static func selected(_ value: Int) -> String {
    String(filling: trn("%@ selected", "%@ selected", value), grouped(value))
  }

  /// "12 of 2,000 people": the matches of a search among `total`.
  static func matches(_ count: Int, of total: Int, soFar: Bool = false) -> String {
    let format =
      soFar
      ? trn("%1$@ of %2$@ person so far", "%1$@ of %2$@ people so far", total)
      : trn("%1$@ of %2$@ person", "%1$@ of %2$@ people", total)
    return String(filling: format, grouped(count), grouped(total))
  }
}
