import Directory
import XCTest

@testable import DirectorySCIM

/// How a resource's attributes become a person's details: which of several
/// values is chosen, what stands in for a missing one, and the limits.
final class SCIMResourceDetailsTests: XCTestCase {
  private static let enterprise = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"

  private func details(_ resource: String) throws -> PersonDetails {
    let json = #"{"totalResults":1,"Resources":[\#(resource)]}"#
    return try XCTUnwrap(try SCIMResponsePage(decoding: Array(json.utf8)).users.first).entry.details
  }

  func testThePrimaryValueIsChosenElseTheFirst() throws {
    let primary = try details(
      #"""
      {"id":"1","displayName":"Ada","name":{"formatted":"Ada L."},"title":"CEO",
       "emails":[{"value":"a@home.example"},{"value":"a@work.example","primary":true}],
       "phoneNumbers":[{"value":"1"},{"value":"2","primary":true}],
       "addresses":[{"locality":"Paris"},{"locality":"London","primary":true}],
       "\#(Self.enterprise)":{"department":"Office","employeeNumber":"7","manager":{"value":"9"}}}
      """#)
    XCTAssertEqual(
      primary,
      PersonDetails(
        displayName: "Ada", email: "a@work.example", title: "CEO", department: "Office",
        location: "London", phone: "2", manager: "9", employeeNumber: "7"))
    let first = try details(
      #"""
      {"id":"2","name":{"formatted":"Grace H."},"emails":[{"value":"g@one"},{"value":"g@two"}],
       "phoneNumbers":[{"value":"3"},{"value":"4"}],"addresses":[{"type":"home"},{"locality":"Rome"}]}
      """#)
    XCTAssertEqual(first.displayName, "Grace H.", "name.formatted stands in for displayName")
    XCTAssertEqual([first.email, first.phone], ["g@one", "3"])
    XCTAssertNil(first.location, "the first address has no locality")
    XCTAssertNil(first.department)
    XCTAssertEqual(try details(#"{"id":"3"}"#), PersonDetails())
  }

  func testLongDetailsAreCut() throws {
    let long = String(repeating: "é", count: 2000)
    let details = try details(
      #"""
      {"id":"1","title":"\#(long)","emails":[{"value":"\#(long)"}],
       "addresses":[{"locality":"\#(long)"}],"phoneNumbers":[{"value":"\#(long)"}],
       "\#(Self.enterprise)":{"department":"\#(long)","employeeNumber":"\#(long)",
       "manager":{"value":"\#(long)"}}}
      """#)
    // The locality is the location: SCIM keeps no city apart from it.
    XCTAssertNil(details[.city])
    for field in DetailField.allCases where field != .displayName && field != .city {
      let value = try XCTUnwrap(details[field], "\(field)")
      XCTAssertLessThanOrEqual(value.utf8.count, FieldLimit.maxBytes, "\(field)")
      XCTAssertGreaterThan(value.utf8.count, FieldLimit.maxBytes - 2, "\(field)")
    }
  }

  func testAPageAsksForTheDetails() {
    let asked = SCIMDirectory.rowAttributes.split(separator: ",").map(String.init)
    for name in ["displayName", "name.formatted", "title", "emails", "phoneNumbers", "addresses"] {
      XCTAssertTrue(asked.contains(name), name)
    }
    for name in ["department", "employeeNumber", "manager"] {
      XCTAssertTrue(asked.contains(Self.enterprise + ":" + name), name)
    }
  }
}
