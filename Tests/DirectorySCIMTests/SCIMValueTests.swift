import Directory
import XCTest

@testable import DirectorySCIM

/// The pure parts: URLs, filter literals, pages, Retry-After.
final class SCIMValueTests: XCTestCase {
  func testAURLKeepsItsPathAndNamesItsOrigin() throws {
    let url = try SCIMURL("scim+https://Host.example:8443/scim/v2/")
    XCTAssertEqual(url.base, "https://Host.example:8443/scim/v2")
    XCTAssertEqual(url.origin, "https://host.example:8443")
    XCTAssertTrue(url.isSameOrigin(URL(string: "https://host.example:8443/photos/a.png")!))
    XCTAssertFalse(url.isSameOrigin(URL(string: "https://host.example/photos/a.png")!))
    XCTAssertFalse(url.isSameOrigin(URL(string: "http://host.example:8443/a.png")!))
    XCTAssertThrowsError(try SCIMURL("https://host/v2"))
    XCTAssertThrowsError(try SCIMURL("scim+http://10.0.0.1/v2"))
    XCTAssertThrowsError(try SCIMURL("scim+https://host/v2?x=1"))
  }

  func testALiteralEscapesQuotesBackslashesAndControls() {
    XCTAssertEqual(SCIMFilter.literal(#"a"b\c"#), #""a\"b\\c""#)
    XCTAssertEqual(SCIMFilter.literal("a\u{1}"), #""a\u0001""#)
    XCTAssertEqual(
      SCIMFilter.search("x"), #"userName co "x" or displayName co "x""#)
    XCTAssertNil(SCIMFilter.search(""))
  }

  func testAPageThatIsNotAListResponseIsAClearError() {
    XCTAssertThrowsError(try SCIMResponsePage(decoding: Array("[1,2]".utf8))) { error in
      guard case DirectoryError.malformedJSON(_, let reason) = error else {
        return XCTFail("unexpected \(error)")
      }
      XCTAssertTrue(reason.contains("not a SCIM list response"), reason)
    }
  }

  func testLongFieldsAreCutAndOnlyWebPhotosKept() throws {
    let long = String(repeating: "é", count: 2000)
    let json =
      #"{"totalResults":1,"Resources":[{"id":"1","userName":"\#(long)","photos":[{"value":"file:///etc/passwd","primary":true}]}]}"#
    let page = try SCIMResponsePage(decoding: Array(json.utf8))
    XCTAssertLessThanOrEqual(page.users[0].entry.username.utf8.count, FieldLimit.maxBytes)
    XCTAssertNil(page.users[0].photo)
    XCTAssertNil(page.users[0].entry.photoVersion)
  }

  func testRetryAfterReadsSecondsAndDates() {
    XCTAssertEqual(SCIMClient.retryAfter("3"), .seconds(3))
    XCTAssertEqual(SCIMClient.retryAfter("Wed, 21 Oct 2015 07:28:00 GMT"), .zero)
    XCTAssertNil(SCIMClient.retryAfter("soon"))
    XCTAssertNil(SCIMClient.retryAfter(nil))
  }
}
