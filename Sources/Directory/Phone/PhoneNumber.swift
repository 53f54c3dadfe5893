/// A telephone number as a directory stores it ("+49 30 1234-567",
/// "(030) 1234567", "0049 30 1234567", "030/1234567") written in E.164
/// form ("+49301234567"), so numbers compare whatever their format.
///
/// Formatting is dropped (spaces, dashes, dots, slashes, brackets, the
/// "(0)" some write after a country code); an extension ("x12", "ext. 12",
/// ";ext=12", "#12") is left off. A number that starts with "+" or the
/// region's international prefix has its country; one that starts with
/// the region's trunk prefix, or any number in a region without one (Italy
/// keeps its leading 0), gets the region's calling code. Anything else is
/// not a number: a letter, a second "+", more than 15 digits, fewer than
/// 4, or more than ``maxCharacters`` characters.
///
/// Threading: an immutable `Sendable` value.
public struct PhoneNumber: Sendable, Equatable, CustomStringConvertible {
  /// The most characters read of a field: a number with its formatting
  /// and an extension fits well within.
  public static let maxCharacters = 64

  /// The digits after the "+", at most 15.
  public let digits: String

  public var description: String { "+" + digits }

  /// `text` in E.164 form, national numbers in `region`'s; nil when it is
  /// not a telephone number, or a national one without a region.
  public init?(_ text: some StringProtocol, region: PhoneRegion?) {
    guard let read = Self.read(text) else { return nil }
    var digits = read.digits
    if read.plus {
      // Already international.
    } else if let region, digits.hasPrefix(region.internationalPrefix) {
      digits.removeFirst(region.internationalPrefix.count)
    } else if let region {
      if let length = region.nationalLength, digits.count == length {
        digits = region.callingCode + digits
      } else if let trunk = region.trunkPrefix {
        guard digits.hasPrefix(trunk) else { return nil }
        digits = region.callingCode + digits.dropFirst(trunk.count)
      } else {
        digits = region.callingCode + digits
      }
    } else {
      return nil
    }
    guard (4...15).contains(digits.count), digits.first != "0" else { return nil }
    self.digits = digits
  }

  /// What the text holds: a leading "+" and the digits, the formatting
  /// gone; nil for anything but a number.
  static func read(_ text: some StringProtocol) -> (plus: Bool, digits: String)? {
    var plus = false
    var digits = ""
    var seen = 0
    var scalars = Substring(text).unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      seen += 1
      guard seen <= maxCharacters, digits.count <= 15 else { return nil }
      switch scalar {
      case "0"..."9": digits.unicodeScalars.append(scalar)
      case "+":
        guard !plus, digits.isEmpty else { return nil }
        plus = true
      case "(":
        // "+49 (0)30 …": the trunk prefix written for callers at home.
        if plus || digits.hasPrefix("00"), scalars.starts(with: "0)".unicodeScalars) {
          scalars.removeFirst(2)
        }
      case " ", "-", ".", "/", ")", "\u{A0}", "\u{2010}", "\u{2011}", "\u{2013}": continue
      case "x", "X", "e", "E", ";", "#", ",":
        // An extension ("x12", "ext. 12", ";ext=12") or a pause: the
        // number has ended.
        scalars = scalars[scalars.endIndex...]
      default: return nil
      }
    }
    guard !digits.isEmpty, digits.count <= 15 else { return nil }
    return (plus, digits)
  }
}
