/// A query that is a telephone number, or the end of one ("1000123",
/// "030 1000123", "+49 30 1000123"): it finds the people whose number, in
/// E.164 form (``PhoneNumber``), ends with the query's digits as typed, or
/// with the query in E.164 form when it starts as an international or
/// national number does ("+", "00", the region's trunk prefix).
///
/// Threading: an immutable `Sendable` value.
struct PhoneQuery: Sendable {
  /// The fewest digits a query needs to be taken for a number: as many
  /// as the shortest number read (``PhoneNumber/minimumDigits``), so each
  /// number is found by its own E.164 form.
  static let minimumDigits = PhoneNumber.minimumDigits

  /// The digits to end with, each as a number and 10 to the power of
  /// their count.
  private let ends: [(value: UInt64, modulus: UInt64)]

  /// `query` as the end of a number; nil unless it holds only digits and a
  /// number's formatting, with at least ``minimumDigits`` digits.
  init?(_ query: String, region: PhoneRegion?) {
    var query = String(SearchText.bounded(query))
    guard query.unicodeScalars.allSatisfy(Self.isNumberScalar) else { return nil }
    let found = query.withUTF8 { utf8 -> (read: Digits, plus: Bool, e164: UInt64?)? in
      guard let read = PhoneNumber.read(utf8), read.digits.count >= Self.minimumDigits else {
        return nil
      }
      return (read.digits, read.plus, PhoneNumber.e164(utf8: utf8, region: region))
    }
    guard let found else { return nil }
    // As typed (unless it says "+"), and in E.164 form when it reads as a number.
    var ends: [Digits] = found.plus ? [] : [found.read]
    let e164 =
      found.e164.map { Digits($0, count: String($0).count) } ?? (found.plus ? found.read : nil)
    if let e164, !ends.contains(e164) { ends.append(e164) }
    guard !ends.isEmpty else { return nil }
    self.ends = ends.map { ($0.value, Digits.power($0.count)) }
  }

  /// Whether the digits of `number` (an E.164 number's, 0 for none) end
  /// with the query's.
  @inline(__always)
  func matches(_ number: UInt64) -> Bool {
    for end in ends where number >= end.modulus / 10 && number % end.modulus == end.value {
      return true
    }
    return false
  }

  private static func isNumberScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "0"..."9", "+", "(", ")", "-", ".", "/", " ", "\u{A0}": true
    default: false
    }
  }
}

/// Everyone's telephone number in E.164 form, as its digits in one number
/// (0 for none or for a value that is no number), made the first time a
/// search is a number.
///
/// Threading: an immutable `Sendable` value.
struct PhoneDigits: Sendable {
  private let numbers: [UInt64]

  init(_ table: UserTable, region: PhoneRegion?) {
    numbers = (0..<table.userCount).map { index in
      table.scanned(index)
      let bytes = table.bytes(.phone, at: index)
      return bytes.isEmpty ? 0 : PhoneNumber.e164(utf8: bytes, region: region) ?? 0
    }
    table.releaseMappedPages()
  }

  /// Person `index`'s number's digits, 0 for none.
  subscript(index: Int) -> UInt64 { numbers[index] }
}
