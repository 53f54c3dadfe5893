import Directory
import DirectorySCIM
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A scim2-server's page ordered by a column: a click on the title asks
/// the server for `sortBy`, a second for the reverse, and the rows come in
/// the directory's own order for it.
final class ServerSCIMSortTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestSCIMServer?

  override class func tearDown() {
    server?.kill()
    server = nil
    super.tearDown()
  }

  func testAClickOnATitleOrdersTheRowsOnTheServerBothWays() throws {
    try MainActor.assumeIsolated {
      if Self.server == nil {
        Self.server = try runBlocking {
          try await TestSCIMServer(people: TestSCIMServer.people(120))
        }
      }
      var options = ServerOptions()
      options.secret = Secret(TestSCIMServer.token)
      let directory = try options.directory(
        url: try XCTUnwrap(Self.server).url, environment: [:])
      let window = try ServerTestCase.openWindow(directory: directory)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      for descending in [false, true] {
        page.order.sortByColumn(.displayName)
        let sort = PersonSort([.init(.displayName, descending: descending)])
        XCTAssertEqual(page.order.key, sort.keys[0])
        let ordered = directory.querying(filter: nil, sort: sort)
        let expected = try runBlocking {
          try await ordered.rows(0..<10).entries.map(\.username)
        }
        XCTAssertTrue(
          MainContext.run(
            until: { !page.isLoading && (0..<10).allSatisfy { page.person(at: $0) != nil } },
            timeout: .seconds(20)), "the ordered rows did not arrive")
        let shown = (0..<10).compactMap { page.person(at: $0)?.username }
        XCTAssertEqual(shown, expected, "descending: \(descending)")
      }
    }
  }
}
