import SharedSupport
import XCTest

final class TextHelpersTests: XCTestCase {
  func testTrimmedDropsWhiteSpaceAtBothEndsOnly() {
    XCTAssertEqual("  ann lee \t\n".trimmed, "ann lee")
    XCTAssertEqual("\u{00A0}x\u{2003}".trimmed, "x")
    XCTAssertEqual(" \n ".trimmed, "")
    XCTAssertEqual("a".trimmed, "a")
    XCTAssertEqual("[::1]".trimming { $0 == "[" || $0 == "]" }, "::1")
  }

  func testPercentEncodingKeepsWhatThePartAllows() {
    XCTAssertEqual(
      "ou=people,dc=example?x%".percentEncoded(keeping: URLBytes.isPathByte),
      "ou=people,dc=example%3Fx%25")
    XCTAssertEqual("a b/ü#".percentEncoded(keeping: URLBytes.isFragmentByte), "a%20b/%C3%BC%23")
    XCTAssertEqual("a;b?c".percentEncoded(keeping: URLBytes.isFragmentByte), "a;b?c")
    XCTAssertEqual("a;b".percentEncoded(keeping: URLBytes.isPathByte), "a%3Bb")
  }

  func testAnErrorsSentenceIsItsDescriptionForPeople() {
    struct Told: LocalizedError { var errorDescription: String? { "The disk is full" } }
    struct Untold: Error {}
    XCTAssertEqual(Told().sentence, "The disk is full")
    XCTAssertEqual(Untold().sentence, "Untold()")
  }
}
