import Directory
import XCTest

@testable import DirectorySCIM

/// A filter of the one language as a SCIM filter over SCIM's attribute
/// paths: values quoted, `ne` holding for people without the attribute.
final class SCIMFilterCompileTests: XCTestCase {
  private func scim(_ text: String) throws -> String {
    SCIMFilter.compile(try PersonFilter(parsing: text))
  }

  func testFieldsBecomeSCIMPathsAndGroupsStayGrouped() throws {
    let enterprise = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"
    XCTAssertEqual(try scim(#"username sw "m""#), #"userName sw "m""#)
    XCTAssertEqual(try scim(#"department eq "Sales""#), #"\#(enterprise):department eq "Sales""#)
    XCTAssertEqual(try scim(#"manager eq "u1""#), #"\#(enterprise):manager.value eq "u1""#)
    XCTAssertEqual(try scim("email pr"), "emails.value pr")
    XCTAssertEqual(try scim(#"location ne "Oslo""#), #"not (addresses.locality eq "Oslo")"#)
    XCTAssertEqual(
      try scim(
        #"department eq "Sales" and (title co "Engineer" or location sw "Ber") and not (email pr)"#),
      #"((\#(enterprise):department eq "Sales" and (title co "Engineer" or addresses.locality sw "Ber")) and not (emails.value pr))"#
    )
  }

  func testValuesStayInsideTheirQuotes() throws {
    let hostile = #"x" or userName pr or title eq "y"#
    XCTAssertEqual(
      try scim("title eq \(PersonFilter.quoted(hostile))"),
      #"title eq "x\" or userName pr or title eq \"y""#)
    XCTAssertEqual(try scim(#"title co "a\\b\u0001""#), #"title co "a\\b\u0001""#)
  }

  func testActiveIsABooleanAndAUserWithoutItIsActive() throws {
    XCTAssertEqual(try scim(#"active eq "false""#), "active eq false")
    XCTAssertEqual(try scim(#"active ne "FALSE""#), "not (active eq false)")
    XCTAssertEqual(try scim(#"active eq "true""#), "not (active eq false)")
    XCTAssertEqual(try scim(#"active ne "true""#), "active eq false")
    XCTAssertEqual(try scim(#"active co "ru""#), "not (active eq false)", "as the table compares")
    XCTAssertEqual(try scim(#"active sw "x""#), "not (userName pr)")
    XCTAssertEqual(try scim("active pr"), "userName pr")
  }
}
