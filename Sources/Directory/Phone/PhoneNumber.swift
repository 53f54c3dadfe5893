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
/// ``minimumDigits``, or more than ``maxBytes`` bytes. It is read from the UTF-8 bytes
/// with no allocation, so a million numbers read in tens of milliseconds.
///
/// Threading: an immutable `Sendable` value.
public struct PhoneNumber: Sendable, Equatable, CustomStringConvertible {
  /// The most bytes read of a field: a number with its formatting and an
  /// extension fits well within.
  public static let maxBytes = 96

  /// The fewest digits a number has in E.164 form: 6. No number in
  /// service has fewer than 7 (a three-digit country code and four digits,
  /// as on Niue), and a search takes 6 digits for a number
  /// (``PhoneQuery``), so a search for a number's own E.164 form finds it.
  public static let minimumDigits = 6

  /// The digits after the "+", at most 15, as one number (E.164 numbers
  /// never start with 0).
  public let value: UInt64

  /// The digits after the "+".
  public var digits: String { String(value) }

  public var description: String { "+" + digits }

  /// `text` in E.164 form, national numbers in `region`'s; nil when it is
  /// not a telephone number, or a national one without a region.
  public init?(_ text: some StringProtocol, region: PhoneRegion?) {
    var text = String(text)
    guard let value = text.withUTF8({ Self.e164(utf8: $0, region: region) }) else { return nil }
    self.value = value
  }

  /// The E.164 digits of the number in `utf8`, as one number; nil when it
  /// is none (see the type's rules).
  public static func e164(utf8: UnsafeBufferPointer<UInt8>, region: PhoneRegion?) -> UInt64? {
    guard let read = read(utf8) else { return nil }
    var digits = read.digits
    if read.plus {
      // Already international.
    } else if let region, digits.hasPrefix(region.internationalPrefix) {
      digits.removePrefix(region.internationalPrefix)
    } else if let region {
      if let length = region.nationalLength, digits.count == length {
        digits.prepend(region.callingCode)
      } else if let trunk = region.trunkPrefix {
        guard digits.hasPrefix(trunk) else { return nil }
        digits.removePrefix(trunk)
        digits.prepend(region.callingCode)
      } else {
        digits.prepend(region.callingCode)
      }
    } else {
      return nil
    }
    guard (minimumDigits...15).contains(digits.count), digits.first != 0 else { return nil }
    return digits.value
  }

  /// What the bytes hold: a leading "+" and the digits, the formatting
  /// gone; nil for anything but a number.
  static func read(_ utf8: UnsafeBufferPointer<UInt8>) -> (plus: Bool, digits: Digits)? {
    guard utf8.count <= maxBytes else { return nil }
    var plus = false
    var digits = Digits()
    var k = 0
    reading: while k < utf8.count {
      let byte = utf8[k]
      k += 1
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        guard digits.count < 16 else { return nil }
        digits.append(byte &- UInt8(ascii: "0"))
      case UInt8(ascii: "+"):
        guard !plus, digits.count == 0 else { return nil }
        plus = true
      case UInt8(ascii: "("):
        // "+49 (0)30 …": the trunk prefix written for callers at home.
        let international = plus || digits.hasPrefix(Digits(0, count: 2))
        if international, k + 1 < utf8.count, utf8[k] == UInt8(ascii: "0"),
          utf8[k + 1] == UInt8(ascii: ")")
        {
          k += 2
        }
      case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"),
        UInt8(ascii: ")"):
        continue
      case 0xC2 where k < utf8.count && utf8[k] == 0xA0:
        k += 1  // a no-break space
      case 0xE2
      where k + 1 < utf8.count && utf8[k] == 0x80 && (0x90...0x93).contains(utf8[k + 1]):
        k += 2  // a hyphen or dash
      case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "e"), UInt8(ascii: "E"),
        UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: ","):
        // An extension ("x12", "ext. 12", ";ext=12") or a pause: the
        // number has ended.
        break reading
      default: return nil
      }
    }
    guard digits.count > 0, digits.count <= 15 else { return nil }
    return (plus, digits)
  }
}

/// A run of decimal digits, leading zeros kept, held as one number and a
/// count: a telephone number's, at most 19.
///
/// Threading: a plain value.
struct Digits: Equatable {
  private(set) var value: UInt64 = 0
  private(set) var count = 0

  init() {}

  init(_ value: UInt64, count: Int) {
    self.value = value
    self.count = count
  }

  /// The digits of `text` ("0049"); nil unless it is all digits, at most 19.
  init?(_ text: String) {
    guard !text.isEmpty, text.count <= 19 else { return nil }
    for character in text.utf8 {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
      append(character - UInt8(ascii: "0"))
    }
  }

  /// The first digit; nil when there is none.
  var first: UInt64? { count == 0 ? nil : value / Self.power(count - 1) }

  mutating func append(_ digit: UInt8) {
    value = value &* 10 &+ UInt64(digit)
    count += 1
  }

  func hasPrefix(_ prefix: Digits) -> Bool {
    prefix.count <= count && value / Self.power(count - prefix.count) == prefix.value
  }

  /// Drops `prefix`, which the digits must start with.
  mutating func removePrefix(_ prefix: Digits) {
    count -= prefix.count
    value %= Self.power(count)
  }

  /// Puts `prefix` in front.
  mutating func prepend(_ prefix: Digits) {
    value = prefix.value &* Self.power(count) &+ value
    count += prefix.count
  }

  /// 10 to the power of `exponent` (0 to 19).
  static func power(_ exponent: Int) -> UInt64 {
    var result: UInt64 = 1
    for _ in 0..<exponent { result &*= 10 }
    return result
  }
}
