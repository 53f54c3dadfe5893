import Directory
import DirectoryLDAP
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A server's page ordered by a column on a real slapd: the rows come in
/// the directory's own order for that column, both ways, a search keeps the
/// order, and a field the server cannot order by is greyed in the table's
/// header with the server's reason and fails with a notice when asked for.
/// No libldap call runs on the main thread.
final class ServerSortTests: ServerTestCase {
  private static let people = 400

  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: people, seed: 11))
  }

  /// libldap calls made on the main thread by the directories below.
  private static let mainThreadCalls = LDAPMainThreadCalls()

  /// A directory on this class's server that refuses to sort by phone number.
  private static func directory() throws -> LDAPDirectory {
    try directory(countingInto: mainThreadCalls, refusingToSort: [.phone])
  }

  func testAColumnOrderComesFromTheServerBothWaysAndASearchKeepsIt() throws {
    try MainActor.assumeIsolated {
      let mainThreadCalls = Self.mainThreadCalls.count
      let directory = try Self.directory()
      let window = try Self.openWindow(directory: directory)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let byUsername = ServerTestCase.firstRows(page, count: 10)
      for descending in [false, true] {
        let sort = PersonSort([.init(.title, descending: descending)])
        // A click on the title sorts; a second reverses.
        page.order.sortByColumn(.title)
        XCTAssertEqual(page.order.key, sort.keys[0])
        let expected = try Self.usernames(directory.querying(filter: nil, sort: sort), count: 10)
        XCTAssertNotEqual(expected, byUsername, "the title order is not the username order")
        XCTAssertEqual(
          ServerTestCase.firstRows(page, count: 10), expected, "descending: \(descending)")
      }
      // A search narrows the ordered list and keeps its order.
      window.setSearchText("a")
      let sort = PersonSort([.init(.title, descending: true)])
      let searched = directory.querying(filter: nil, sort: sort).searching("a")
      let count = try runBlocking { try await searched.rows(0..<1).count }
      XCTAssertLessThan(count, Self.people + 2, "the search narrowed nobody")
      XCTAssertTrue(MainContext.run(until: { page.model.count == count }, timeout: .seconds(20)))
      XCTAssertEqual(
        ServerTestCase.firstRows(page, count: 10), try Self.usernames(searched, count: 10))
      XCTAssertEqual(Self.mainThreadCalls.count, mainThreadCalls, "no libldap call on main")
    }
  }

  func testARefusedFieldIsGreyedWithItsReasonAndFailsWithANotice() throws {
    try MainActor.assumeIsolated {
      let mainThreadCalls = Self.mainThreadCalls.count
      let window = try Self.openWindow(directory: try Self.directory())
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let refusals = try runBlocking { await page.sortRefusals() }
      // slapd keeps no account state (nsAccountLock) to order by, and no
      // city apart from the location.
      XCTAssertEqual(Set(refusals.keys), [.phone, .active, .city])
      let reason = try XCTUnwrap(refusals[.phone])
      XCTAssertTrue(reason.contains("telephoneNumber"), reason)
      let order = PeopleOrder()
      let header = TableHeader(columns: TableColumns(), order: order)
      var clicked: [PersonField] = []
      order.observe { change in
        if case .sort = change, let key = order.key { clicked.append(key.field) }
      }
      order.refuse(refusals)
      XCTAssertFalse(header.sorts(.phone))
      XCTAssertEqual(header.tooltip(of: .phone), reason)
      XCTAssertTrue(header.sorts(.title))
      header.click(.phone)
      header.click(.title)
      XCTAssertEqual(clicked, [.title], "a greyed title does not sort")
      // Asked for anyway, the order fails with the page's notice, not a hang.
      page.order.sort(by: PersonSort([.init(.phone)]))
      XCTAssertTrue(
        MainContext.run(until: { window.isFailureToastShown }, timeout: .seconds(20)),
        "no notice when the server refused the order")
      XCTAssertFalse(page.isLoading)
      XCTAssertEqual(Self.mainThreadCalls.count, mainThreadCalls, "no libldap call on main")
    }
  }
}
