import SharedSupport
import XCTest

final class StringFillingTests: XCTestCase {
  func testTextAndWholeNumbersFillTheirPlaceholdersInOrder() {
    XCTAssertEqual(String(filling: "No file at %@", "/tmp/x"), "No file at /tmp/x")
    XCTAssertEqual(
      String(filling: "The server answered HTTP %ld (%@)", 404, "Not Found"),
      "The server answered HTTP 404 (Not Found)")
    XCTAssertEqual(
      String(filling: "%d, %i, %lld, %zd", -1, 2, Int64.max, UInt8(7)),
      "-1, 2, 9223372036854775807, 7")
    XCTAssertEqual(String(filling: "%u %lx %X", UInt.max, 255, 3054), "18446744073709551615 ff BEE")
  }

  func testATranslationMayReorderItsValues() {
    XCTAssertEqual(
      String(filling: "%2$@ an %1$@ (%2$@)", "Ann", "Grüße"), "Grüße an Ann (Grüße)")
    XCTAssertEqual(String(filling: "Byte %1$ld: %2$@", 12, "end"), "Byte 12: end")
  }

  func testFractionsKeepTheirWidthAndPrecisionInTheCLocale() {
    XCTAssertEqual(String(filling: "%.1f ms", 31.56), "31.6 ms")
    XCTAssertEqual(String(filling: "[%5.1f]", 2.25), "[  2.2]")
    XCTAssertEqual(String(filling: "%3.0f%% hits", 99.6), "100% hits")
    XCTAssertEqual(String(filling: "%.2f", 3), "3.00")
    XCTAssertEqual(String(filling: "%e", 1500.0), "1.500000e+03")
  }

  func testWhatIsNoPlaceholderStaysAsWritten() {
    XCTAssertEqual(String(filling: "100%"), "100%")
    XCTAssertEqual(String(filling: "50%% and %q", 1), "50% and %q")
    XCTAssertEqual(String(filling: "%0$@", "x"), "%0$@")
    XCTAssertEqual(String(filling: "“%@” → %@", "ä"), "“ä” → %@")
    XCTAssertEqual(String(filling: "%3$@", "a", "b"), "%3$@")
  }

  func testAValueOfAnotherKindIsWrittenAsItIs() {
    XCTAssertEqual(String(filling: "%ld people", "many"), "many people")
    XCTAssertEqual(String(filling: "%.1f", "n/a"), "n/a")
    XCTAssertEqual(String(filling: "%@ people", 12), "12 people")
  }

  func testALongNumberIsNotCut() {
    let wide = String(filling: "%200.1f", 1.0)
    XCTAssertEqual(wide.count, 200)
    XCTAssertTrue(wide.hasSuffix(" 1.0"))
  }
}
