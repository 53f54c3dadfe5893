import Directory
import XCTest

/// mailto and tel links from hostile directory values: nothing a value
/// holds can add a recipient, a header or another scheme.
final class ContactLinksTests: XCTestCase {
  func testAnAddressIsPercentEncodedSoItCannotAddHeaders() {
    XCTAssertEqual(ContactLinks.mailto(["ada@example.org"]), "mailto:ada@example.org")
    XCTAssertEqual(
      ContactLinks.mailto(["a+b@example.org", "c.d@example.org"]),
      "mailto:a+b@example.org,c.d@example.org")
    XCTAssertNil(
      ContactLinks.mailto(["x?cc=eve@evil.test&body=hi@example.org"]), "two @ is not one address")
    XCTAssertEqual(
      ContactLinks.mailto(["x?cc=eve&body=hi@example.org"]),
      "mailto:x%3Fcc%3Deve%26body%3Dhi@example.org")
    XCTAssertEqual(ContactLinks.mailto(["a,b@example.org"]), "mailto:a%2Cb@example.org")
    XCTAssertEqual(ContactLinks.mailto(["josé@exämple.org"]), "mailto:jos%C3%A9@ex%C3%A4mple.org")
    XCTAssertEqual(ContactLinks.mailto(["100%@example.org"]), "mailto:100%25@example.org")
  }

  func testWhatIsNotOneAddressGivesNoLink() {
    for hostile in [
      "", "no-at-sign", "two@at@signs", "@example.org", "ada@", "ada @example.org",
      "ada@example.org\nBcc: eve@evil.test", "Ada <ada@example.org>", "ada@example.org\u{0}",
    ] {
      XCTAssertNil(ContactLinks.mailto([hostile]), hostile)
    }
    XCTAssertNil(ContactLinks.mailto([]))
    XCTAssertNil(ContactLinks.mailto(["ada@example.org", "bad"]), "one bad address spoils all")
  }

  func testAMessageTooLongForAURIIsNotMade() {
    let addresses = (0..<200).map { "person\($0)@example.org" }
    XCTAssertNil(ContactLinks.mailto(addresses))
    let fits = ContactLinks.mailto(Array(addresses.prefix(80)))
    XCTAssertNotNil(fits)
    XCTAssertLessThanOrEqual(fits?.utf8.count ?? .max, ContactLinks.maxMailtoLength)
  }

  func testAPhoneNumberKeepsItsDigitsAndPlus() {
    XCTAssertEqual(ContactLinks.tel("+49 30 1234-567"), "tel:+49-30-1234-567")
    XCTAssertEqual(ContactLinks.tel("(555) 010.9999"), "tel:555-010-9999")
    XCTAssertEqual(ContactLinks.tel("  0123  "), "tel:0123")
    for hostile in [
      "", "12", "javascript:alert(1)", "+49 30 1234;ext=2", "1+2", "555\n0199", "x123",
    ] {
      XCTAssertNil(ContactLinks.tel(hostile), hostile)
    }
  }
}
