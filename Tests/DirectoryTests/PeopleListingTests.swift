import Directory
import Foundation
import XCTest

/// What `roster list` prints: the query's people in its order, as
/// tab-separated values or JSON Lines, values that would break a line or a
/// column escaped.
final class PeopleListingTests: XCTestCase {
  private static let table = UserTable([
    User(
      id: "u1", username: "maria", role: .owner,
      details: PersonDetails(
        displayName: "María\tGarcía", email: "maria@example.org", title: "Director",
        department: "Sales")),
    User(
      id: "u2", username: "jchen",
      details: PersonDetails(displayName: "Jun \"J\" Chen", title: "Engineer", manager: "u1")),
    User(username: "plain"),
  ])

  func testTSVHasAHeaderAndEscapesTabsAndNewlines() throws {
    let listing = PeopleListing(columns: [.username, .displayName, .manager, .role])
    XCTAssertEqual(listing.header, "username\tdisplayName\tmanager\trole")
    XCTAssertEqual(listing.line(Self.table, at: 0), "maria\tMaría\\tGarcía\t\tOwner")
    XCTAssertEqual(listing.line(Self.table, at: 1), "jchen\tJun \"J\" Chen\tu1\tUser")
  }

  func testJSONLinesKeepOnlyTheFieldsAPersonHas() throws {
    let listing = PeopleListing(columns: [.username, .displayName, .email], format: .jsonl)
    XCTAssertNil(listing.header)
    XCTAssertEqual(
      listing.line(Self.table, at: 1), #"{"username":"jchen","displayName":"Jun \"J\" Chen"}"#)
    XCTAssertEqual(listing.line(Self.table, at: 2), #"{"username":"plain"}"#)
    let object =
      try JSONSerialization.jsonObject(
        with: Data(listing.line(Self.table, at: 0).utf8)) as? [String: String]
    XCTAssertEqual(object?["displayName"], "María\tGarcía", "a JSON reader gets the value back")
  }

  func testAQueryFiltersSortsAndLimits() throws {
    let engineers = PeopleQuery(
      filter: try PersonFilter(parsing: "title pr"), sort: try PersonSort(parsing: "title"))
    XCTAssertEqual(engineers.positions(in: Self.table), [0, 1], "Director before Engineer")
    var limited = engineers
    limited.limit = 1
    XCTAssertEqual(limited.positions(in: Self.table), [0])
    let everyone = PeopleQuery(sort: try PersonSort(parsing: "username:desc"))
    XCTAssertEqual(everyone.positions(in: Self.table), [2, 0, 1])
    XCTAssertEqual(
      try PeopleListing.columns(parsing: "username, EMAIL"), [.username, .email])
    XCTAssertThrowsError(try PeopleListing.columns(parsing: "username,age"))
  }
}
