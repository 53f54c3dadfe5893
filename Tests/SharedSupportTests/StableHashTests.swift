import SharedSupport
import XCTest

final class StableHashTests: XCTestCase {
  /// Placeholder colours and disk-cache file names depend on these exact values.
  func testDigestsAreTheKnownFNV1aValues() {
    XCTAssertEqual(StableHash.fnv1a(""), 0xcbf2_9ce4_8422_2325)
    XCTAssertEqual(StableHash.fnv1a("a"), 0xaf63_dc4c_8601_ec8c)
    XCTAssertEqual(StableHash.hex("a").prefix(16), "af63dc4c8601ec8c")
    XCTAssertEqual(StableHash.hex("http://x/a").count, 32)
    XCTAssertNotEqual(StableHash.hex("http://x/a"), StableHash.hex("http://x/b"))
  }
}
