/// A query that is a telephone number, or the end of one ("1000123",
/// "030 1000123", "+49 30 1000123"): it finds the people whose number, in
/// E.164 form (``PhoneNumber``), ends with the query's digits as typed, or
/// with the query in E.164 form when it starts as an international or
/// national number does ("+", "00", the region's trunk prefix).
///
/// Threading: an immutable `Sendable` value.
struct PhoneQuery: Sendable {
  /// The fewest digits a query needs to be taken for a number.
  static let minimumDigits = 6

  /// The digits to end with, each as a number and 10 to the power of
  /// their count.
  private let ends: [(value: UInt64, modulus: UInt64)]

  /// `query` as the end of a number; nil unless it holds only digits and a
  /// number's formatting, with at least ``minimumDigits`` digits.
  init?(_ query: String, region: PhoneRegion?) {
    let query = SearchText.bounded(query)
    guard query.unicodeScalars.allSatisfy(Self.isNumberScalar),
      let read = PhoneNumber.read(query), read.digits.count >= Self.minimumDigits
    else { return nil }
    var ends = read.plus ? [] : [read.digits]
    if let number = PhoneNumber(query, region: region), number.digits != read.digits {
      ends.append(number.digits)
    } else if read.plus {
      ends.append(read.digits)
    }
    self.ends = ends.compactMap { digits in
      guard let value = UInt64(digits) else { return nil }
      var modulus: UInt64 = 1
      for _ in 0..<digits.count { modulus *= 10 }
      return (value, modulus)
    }
    if self.ends.isEmpty { return nil }
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
      guard !bytes.isEmpty, bytes.count <= PhoneNumber.maxCharacters * 3,
        let number = PhoneNumber(String(decoding: bytes, as: UTF8.self), region: region)
      else { return 0 }
      return UInt64(number.digits) ?? 0
    }
    table.releaseMappedPages()
  }

  /// Person `index`'s number's digits, 0 for none.
  subscript(index: Int) -> UInt64 { numbers[index] }
}
