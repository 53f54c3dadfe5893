import Directory
import DirectoryLDAP
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The filter bar over a real slapd: the server narrows the list to the
/// people the directory's own query selects, the subtitle counts them among
/// everyone, a search and a column order keep the filter, and clearing it
/// shows everyone again. No libldap call runs on the main thread.
final class ServerFilterTests: ServerTestCase {
  private static let people = 300

  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: people, seed: 23))
  }

  /// libldap calls made on the main thread by the directory below.
  private static let mainThreadCalls = LDAPMainThreadCalls()

  private static func directory() throws -> LDAPDirectory {
    try directory(countingInto: mainThreadCalls)
  }

  /// The count and first usernames of `directory`'s first window, read off the main thread.
  @MainActor private static func expected(_ directory: any RangedDirectory) throws -> (
    count: Int, usernames: [String]
  ) {
    try runBlocking {
      let window = try await directory.rows(0..<10)
      return (window.count, window.entries.map(\.username))
    }
  }

  /// Waits until `page` shows `count` people with their first rows, and returns those usernames.
  @MainActor private static func shown(
    _ page: ServerReader, count: Int, file: StaticString = #filePath, line: UInt = #line
  ) -> [String] {
    let first = min(count, 10)
    XCTAssertTrue(
      MainContext.run(
        until: {
          !page.isLoading && page.model.count == count
            && (0..<first).allSatisfy { page.person(at: $0) != nil }
        }, timeout: .seconds(20)),
      "the filtered rows did not arrive", file: file, line: line)
    return (0..<first).compactMap { page.person(at: $0)?.username }
  }

  func testTheServerNarrowsTheListAndTheSubtitleCountsIt() throws {
    try MainActor.assumeIsolated {
      let calls = Self.mainThreadCalls.count
      let directory = try Self.directory()
      let window = try Self.openWindow(directory: directory)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      // The server holds a few entries besides the people made here.
      let all = try Self.expected(directory)
      let everyone = Self.shown(page, count: all.count)
      XCTAssertEqual(everyone, all.usernames)
      // A title someone on the first page holds.
      let title = try XCTUnwrap(
        try runBlocking { try await directory.rows(0..<1).entries.first?.details.title })
      let text = #"title eq "\#(title)" or username sw "a""#
      let filter = try PersonFilter(parsing: text)
      let narrowed = try Self.expected(directory.querying(filter: filter, sort: nil))
      XCTAssertLessThan(narrowed.count, all.count, "the filter narrowed nobody")
      XCTAssertGreaterThan(narrowed.count, 0)
      XCTAssertTrue(window.setFilterText(text))
      XCTAssertEqual(Self.shown(page, count: narrowed.count), narrowed.usernames)
      XCTAssertTrue(
        window.subtitle.hasPrefix("\(narrowed.count) of \(all.count) people"), window.subtitle)
      // A column order keeps the filter.
      let sort = PersonSort([.init(.displayName, descending: true)])
      page.order.sort(by: sort)
      let ordered = try Self.expected(directory.querying(filter: filter, sort: sort))
      XCTAssertEqual(Self.shown(page, count: ordered.count), ordered.usernames)
      page.order.sort(by: nil)
      // A search narrows the filtered list further.
      window.setSearchText("e")
      let searched = try Self.expected(
        directory.querying(filter: filter, sort: nil).searching("e"))
      XCTAssertLessThanOrEqual(searched.count, narrowed.count)
      XCTAssertEqual(Self.shown(page, count: searched.count), searched.usernames)
      // Cleared, everyone is back.
      window.setSearchText("")
      window.isFilterBarOpen = false
      XCTAssertEqual(Self.shown(page, count: all.count), everyone)
      XCTAssertTrue(window.subtitle.hasPrefix("\(all.count) people"), window.subtitle)
      XCTAssertEqual(Self.mainThreadCalls.count, calls, "no libldap call on main")
    }
  }
}
