import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A query on a slapd without the sssvlv overlay, read with Paged Results:
/// the filter still narrows on the server, the sort control (not critical)
/// is ignored, and every field is reported refused, so the window can say
/// the rows are in the server's order.
final class LDAPPagedQueryTests: XCTestCase {
  nonisolated(unsafe) static var server: TestServer?
  static let people = QueryPerson.people(count: 60, seed: 7)

  override class func setUp() {
    super.setUp()
    server = TestServer.started(people: people.map(\.ldif), virtualListView: false)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  func testTheFilterNarrowsAndEveryFieldIsRefusedForSorting() async throws {
    let directory = try LDAPDirectory(url: try XCTUnwrap(Self.server).peopleURL)
    let filter = try PersonFilter(parsing: #"department eq "Sales" or title ew "Engineer""#)
    let expected = Self.people.filter {
      $0.department == "Sales" || $0.title.hasSuffix("Engineer")
    }.map(\.username)
    XCTAssertFalse(expected.isEmpty)
    var served: [String] = []
    try await PeopleListing(columns: [.username]).write(
      directory.querying(filter: filter, sort: PersonSort([.init(.title)]))
    ) { served.append($0) }
    XCTAssertEqual(served.dropFirst().sorted(), expected.sorted())
    let refusals = try await directory.sortRefusals()
    XCTAssertEqual(Set(refusals.keys), Set(PersonField.allCases))
    XCTAssertTrue(refusals[.title]?.contains("does not sort") == true, "\(refusals)")
  }
}
