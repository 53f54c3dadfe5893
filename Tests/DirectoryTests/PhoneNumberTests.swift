import Directory
import XCTest

/// Telephone numbers as directories store them, in ten countries' ways,
/// compared in E.164 form; a search for a number or its end finds the
/// person whatever the format.
final class PhoneNumberTests: XCTestCase {
  /// A region, numbers written there the way people write them, and the
  /// E.164 form each must come to.
  private static let countries: [(region: String, written: [String], e164: String)] = [
    (
      "DE",
      [
        "+49 30 1234-567", "(030) 1234567", "0049 30 1234567", "030/1234567", "+49 (0)30 1234567",
        "030 123 45 67",
      ], "+49301234567"
    ),
    (
      "US",
      [
        "+1 (212) 555-0123", "(212) 555-0123", "212.555.0123", "1-212-555-0123",
        "011 1 212 555 0123",
      ], "+12125550123"
    ),
    ("CA", ["(416) 555-0199", "1 416 555 0199", "+1 416-555-0199"], "+14165550199"),
    (
      "GB", ["020 7946 0958", "+44 20 7946 0958", "+44 (0)20 7946 0958", "0044 20 7946 0958"],
      "+442079460958"
    ),
    (
      "FR", ["01 47 72 16 43", "+33 1 47 72 16 43", "01.47.72.16.43", "0033 1 47 72 16 43"],
      "+33147721643"
    ),
    // Italy keeps its leading 0 after the country code.
    ("IT", ["06 1234 5678", "+39 06 1234 5678", "0039 06 12345678"], "+390612345678"),
    ("ES", ["912 345 678", "+34 912 34 56 78", "0034 912345678"], "+34912345678"),
    ("NL", ["020-123 4567", "+31 20 123 4567", "+31 (0)20 1234567"], "+31201234567"),
    ("AU", ["(02) 9876 5432", "+61 2 9876 5432", "0011 61 2 9876 5432"], "+61298765432"),
    ("JP", ["03-1234-5678", "+81 3-1234-5678", "010 81 3 1234 5678"], "+81312345678"),
    ("CH", ["044 668 18 00", "+41 44 668 18 00", "0041 44 668 18 00"], "+41446681800"),
    ("PL", ["22 123 45 67", "+48 22 123 45 67", "0048 22 123 45 67"], "+48221234567"),
  ]

  func testNumbersInTenCountriesFormatsComeToOneForm() {
    XCTAssertGreaterThanOrEqual(Set(Self.countries.map(\.region)).count, 10)
    for country in Self.countries {
      let region = PhoneRegion.named(country.region)
      XCTAssertNotNil(region, country.region)
      for written in country.written {
        XCTAssertEqual(
          PhoneNumber(written, region: region)?.description, country.e164,
          "\(written) in \(country.region)")
      }
    }
  }

  func testAnExtensionIsLeftOffAndGarbageIsNoNumber() {
    let germany = PhoneRegion.named("de")
    XCTAssertEqual(PhoneNumber("+49 30 1234567 ext. 12", region: germany)?.digits, "49301234567")
    XCTAssertEqual(PhoneNumber("030 1234567 x12", region: germany)?.digits, "49301234567")
    XCTAssertEqual(PhoneNumber("tel:+49301234567", region: germany), nil)
    XCTAssertEqual(PhoneNumber("call me", region: germany), nil)
    XCTAssertEqual(PhoneNumber("++49 30 1234567", region: germany), nil)
    XCTAssertEqual(PhoneNumber("1234567", region: germany), nil, "a local number has no area code")
    XCTAssertEqual(
      PhoneNumber("030 1234567", region: nil), nil, "a national number without a region")
    XCTAssertEqual(PhoneNumber("+12", region: nil), nil, "too short")
    XCTAssertEqual(PhoneNumber("+1234567890123456", region: nil), nil, "over 15 digits")
    XCTAssertEqual(PhoneNumber(String(repeating: "1 ", count: 5_000), region: germany), nil)
    XCTAssertEqual(PhoneNumber(String(repeating: "(", count: 100_000), region: germany), nil)
    XCTAssertEqual(PhoneNumber("", region: germany), nil)
  }

  /// Four or five digits were read as a number that no search could find
  /// (a search takes six digits for a number); FuzzPhoneNumbers' seed
  /// `phone-numbers/short`.
  func testEveryNumberReadIsFoundByASearchForItsOwnE164Form() {
    let poland = PhoneRegion.named("PL")
    XCTAssertNil(PhoneNumber("+48 12", region: poland), "four digits")
    XCTAssertNil(PhoneNumber("0048 123", region: poland), "five digits")
    XCTAssertEqual(PhoneNumber("+48 1234", region: poland)?.description, "+481234", "six digits")
    let phones = ["+48 12", "0048 123", "+48 1234", "+48 12 34 56 78"]
    let index = SearchIndex(
      phones.enumerated().map { k, phone in
        UserViewModel(user: User(username: "p\(k)", details: PersonDetails(phone: phone)))
      }, region: poland)
    for (k, phone) in phones.enumerated() {
      guard let number = PhoneNumber(phone, region: poland) else { continue }
      XCTAssertEqual(index.matches(number.description), [k], phone)
    }
  }

  func testTheRegionComesFromTheLocale() {
    XCTAssertEqual(PhoneRegion.ofLocale("de_DE.UTF-8")?.code, "DE")
    XCTAssertEqual(PhoneRegion.ofLocale("en_GB")?.code, "GB")
    XCTAssertEqual(PhoneRegion.ofLocale("sr_RS@latin"), nil, "a region Roster does not know")
    XCTAssertEqual(PhoneRegion.ofLocale("C.UTF-8"), nil)
    XCTAssertEqual(
      PhoneRegion.ofEnvironment(["LANG": "fr_FR.UTF-8", "LC_TELEPHONE": "it_IT.UTF-8"])?.code, "IT")
    XCTAssertEqual(
      PhoneRegion.ofEnvironment(["LANG": "fr_FR.UTF-8", "LC_ALL": "en_US.UTF-8"])?.code, "US")
    XCTAssertGreaterThanOrEqual(PhoneRegion.all.count, 10)
  }

  func testASearchForANumberFindsItWhateverTheStoredFormat() {
    // Each person's number is stored as their country writes it.
    var people: [UserViewModel] = []
    for (k, country) in Self.countries.enumerated() {
      let stored = country.written[k % country.written.count]
      people.append(
        UserViewModel(user: User(username: "p\(k)", details: PersonDetails(phone: stored))))
    }
    people.append(
      UserViewModel(
        user: User(username: "nonumber", details: PersonDetails(phone: "ask reception"))))
    for (k, country) in Self.countries.enumerated() {
      let region = PhoneRegion.named(country.region)
      let index = SearchIndex(people, region: region)
      for written in country.written {
        XCTAssertEqual(index.matches(written), [k], "\(written) in \(country.region)")
      }
      XCTAssertEqual(index.matches(country.e164), [k], country.e164)
      // The end of the number, six digits or more, as the window's search
      // takes it (nine tell these twelve apart), even where it starts with 0.
      XCTAssertEqual(index.matches(String(country.e164.suffix(9))), [k], country.e164)
    }
    let germany = SearchIndex(people, region: PhoneRegion.named("DE"))
    XCTAssertEqual(germany.matches("4567"), [], "four digits are not a number's end")
    XCTAssertEqual(germany.matches("+49 30 7654321"), [])
  }
}
