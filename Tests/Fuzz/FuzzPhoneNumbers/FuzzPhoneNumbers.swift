import FuzzSupport

@testable import Directory

/// Fuzzes telephone numbers: a number as a directory stores it, read in
/// E.164 form (``PhoneNumber``), and a number as a user types it into the
/// search (``PhoneQuery``, ``SearchIndex``).
///
/// The input's first byte picks the region national numbers are read in
/// (one of ``PhoneRegion/all``, or none); the rest, up to its first
/// newline, is the stored number, and what follows the newline the typed
/// query (without a newline, the same bytes are both). A number's E.164
/// form is "+" and 6 to 15 digits, the first not 0, and reads back as
/// itself in every region; a query of that form, or of any end of its
/// digits long enough to be taken for a number, finds it; a query finds a
/// number exactly when the number ends with the query's digits as typed
/// or with the query's own E.164 form.
///
/// Threading: libFuzzer's worker thread only.
@main
enum FuzzPhoneNumbers {
  /// Every region a number may be read in, and none.
  static let regions: [PhoneRegion?] = PhoneRegion.all + [nil]

  static func main() {
    // Not on the main actor: libFuzzer calls it on its worker thread.
    Fuzzing.run { @Sendable input in fuzz(input) }
  }

  /// Checks one input: the region, the stored number and the query.
  static func fuzz(_ input: UnsafeRawBufferPointer) {
    guard let first = input.first else { return }
    let region = regions[Int(first) % regions.count]
    let rest = input.dropFirst()
    let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
    let stored = Array(rest[..<(newline ?? rest.endIndex)])
    let typed = newline.map { Array(rest[($0 + 1)...]) } ?? stored
    let number = checkNumber(stored, in: region)
    _ = checkNumber(typed, in: region)
    checkQuery(typed, in: region, against: number)
  }

  /// Checks `bytes` read as a stored number in `region`; its E.164 form
  /// when it is a number.
  static func checkNumber(_ bytes: [UInt8], in region: PhoneRegion?) -> PhoneNumber? {
    let text = String(decoding: bytes, as: UTF8.self)
    let number = PhoneNumber(text, region: region)
    if text.utf8.elementsEqual(bytes) {
      // The bytes as the search index reads them from the table.
      let value = bytes.withUnsafeBufferPointer { PhoneNumber.e164(utf8: $0, region: region) }
      precondition(value == number?.value, "the bytes and their text read as one number")
    }
    guard let number else { return nil }
    let e164 = number.description
    let digits = e164.utf8.dropFirst()
    precondition(e164.utf8.first == UInt8(ascii: "+"), "an E.164 number starts with +")
    precondition(
      (PhoneNumber.minimumDigits...15).contains(digits.count)
        && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        && digits.first != UInt8(ascii: "0"),
      "an E.164 number is 6 to 15 digits, the first not 0")
    for other in regions {
      precondition(
        PhoneNumber(e164, region: other) == number, "an E.164 number reads as itself anywhere")
    }
    // Its E.164 form, and each end of its digits long enough to be a
    // number's, finds it, typed alone and in a search.
    let query = PhoneQuery(e164, region: region)
    precondition(query?.matches(number.value) == true, "a number's E.164 form finds it")
    for length in PhoneQuery.minimumDigits...digits.count {
      let end = String(decoding: digits.suffix(length), as: UTF8.self)
      precondition(
        PhoneQuery(end, region: region)?.matches(number.value) == true,
        "the end of a number finds it")
    }
    let index = SearchIndex(
      UserTable([User(username: "someone", details: PersonDetails(phone: text))]), region: region)
    precondition(
      index.matches(e164, isCancelled: { false }) == [0], "a search for a number finds its person")
    return number
  }

  /// Checks `bytes` typed as a query in `region`, and whether it finds
  /// `number`.
  static func checkQuery(_ bytes: [UInt8], in region: PhoneRegion?, against number: PhoneNumber?) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let query = PhoneQuery(text, region: region) else { return }
    precondition(!query.matches(0), "a query finds no one without a number")
    // The query typed as a stored number is written finds that number.
    if let typed = PhoneNumber(text, region: region) {
      precondition(query.matches(typed.value), "a number typed as it is stored finds it")
    }
    guard let number else { return }
    // The ends the query looks for, as text: its digits as typed (unless
    // it starts with "+"), and its E.164 form (without one, a query that
    // starts with "+" looks for its digits).
    var utf8 = text
    guard let read = utf8.withUTF8({ PhoneNumber.read($0) }) else {
      preconditionFailure("a query is a number's digits")
    }
    let leadingZeros =
      read.digits.count - (read.digits.value == 0 ? 0 : String(read.digits.value).count)
    let typed =
      String(repeating: "0", count: leadingZeros)
      + (read.digits.value == 0 ? "" : String(read.digits.value))
    var ends = read.plus ? [] : [typed]
    if let e164 = PhoneNumber(text, region: region) {
      ends.append(e164.digits)
    } else if read.plus {
      ends.append(typed)
    }
    precondition(
      query.matches(number.value) == ends.contains { number.digits.hasSuffix($0) },
      "a query finds the numbers that end with its digits as typed or its E.164 form")
  }
}
