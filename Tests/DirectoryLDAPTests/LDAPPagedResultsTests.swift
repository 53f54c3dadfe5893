import Directory
import Foundation
import LDAPDemo
import TestSupport
import XCTest

@testable import DirectoryLDAP

/// A slapd without the sssvlv overlay (no sort, no virtual list view): the
/// directory falls back to reading forward with Paged Results.
final class LDAPPagedResultsTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer?
  nonisolated(unsafe) private static var people: [LDIFPerson] = []

  override class func setUp() {
    super.setUp()
    people = TestPeople.people(count: 1_200, seed: 0xFA6E)
    server = TestServer.started(people: people, virtualListView: false)
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  private func directory(_ options: LDAPOptions = LDAPOptions()) throws -> LDAPDirectory {
    try LDAPDirectory(url: Self.server!.peopleURL, options: options)
  }

  /// Without a sort, slapd answers in the order the entries were loaded.
  private func uids(_ range: Range<Int>) -> [String] {
    Self.people[range].map(\.uid)
  }

  func testRowsArriveInOrderAndTheCountGrowsUntilTheLastPage() async throws {
    let directory = try directory()
    let first = try await directory.rows(0..<10)
    XCTAssertEqual(first.entries.map(\.username), uids(0..<10))
    XCTAssertEqual(first.count, 500)
    XCTAssertFalse(first.isCountFinal)
    XCTAssertEqual(directory.statistics.pagesRead, 1)

    let farAhead = try await directory.rows(1_100..<1_110)
    XCTAssertEqual(farAhead.entries.map(\.username), uids(1_100..<1_110))
    XCTAssertEqual(farAhead.count, Self.people.count)
    XCTAssertTrue(farAhead.isCountFinal)
    XCTAssertEqual(directory.statistics.pagesRead, 3, "the window waited for the pages before it")

    let again = try await directory.rows(0..<10)
    XCTAssertEqual(again.entries.map(\.username), uids(0..<10))
    XCTAssertEqual(directory.statistics.pagesRead, 3, "read from the cache")
  }

  func testTheCacheIsBoundedAndAnEarlierWindowReadsAgain() async throws {
    var options = LDAPOptions()
    options.pagedCacheLimit = 500
    let directory = try directory(options)
    _ = try await directory.rows(1_100..<1_110)
    XCTAssertEqual(directory.statistics.pagesRead, 3)
    let start = try await directory.rows(0..<10)
    XCTAssertEqual(start.entries.map(\.username), uids(0..<10))
    XCTAssertEqual(directory.statistics.pagesRead, 4, "the first page was read again")
  }

  func testSearchWorksWithoutVirtualListView() async throws {
    let directory = try directory()
    let found = try await directory.searching("*)(uid=*").rows(0..<10)
    XCTAssertEqual(found.entries.map(\.username), [TestPeople.injection.uid])
    XCTAssertTrue(found.isCountFinal)
  }

  func testTheEndOfTheDirectoryGivesAShortWindow() async throws {
    let directory = try directory()
    let n = Self.people.count
    let end = try await directory.rows(n - 5..<n + 20)
    XCTAssertEqual(end.entries.map(\.username), uids(n - 5..<n))
    XCTAssertEqual(end.count, n)
    XCTAssertTrue(end.isCountFinal)
  }
}
