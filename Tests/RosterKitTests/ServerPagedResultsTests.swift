import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The window on a slapd without the virtual list view overlay: the
/// directory is read forward with Paged Results (500 entries a server page),
/// so the list starts with the first page's count and grows as the reading
/// reaches further, until the server says the count is final.
final class ServerPagedResultsTests: ServerTestCase {
  private static let people = 1_200

  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: people, seed: 5), virtualListView: false)
  }

  func testRowsFillInTheServersOrderAndTheCountGrowsToTheEnd() throws {
    try MainActor.assumeIsolated {
      let server = try Self.server()
      let window = try Self.openWindow(url: server.peopleURL)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(page.model.count, 500, "sized from the first server page")
      XCTAssertFalse(page.model.isCountFinal)

      // The first rows are the server's first entries, in Paged Results order.
      let direct = try LDAPDirectory(url: server.peopleURL)
      let first = try runBlocking { try await direct.rows(0..<20) }
      MainContext.run(until: { page.skeletonRows().visible == 0 }, timeout: .seconds(10))
      let visible = page.viewport.visible
      XCTAssertEqual(visible.lowerBound, 0)
      XCTAssertEqual(
        visible.map { page.model[$0]?.identity }, first.entries.prefix(visible.count).map(\.id))
      try assertFilledRowsShowTheirOwnEntries(page, server: server)

      // Scrolled to the end again and again, the list grows until the count is final.
      var counts = [page.model.count]
      while !page.model.isCountFinal, counts.count < 10 {
        let last = page.model.count - 1
        Self.jump(page, to: last)
        XCTAssertTrue(
          MainContext.run(
            until: { page.model.count > last + 1 || page.model.isCountFinal },
            timeout: .seconds(10)), "the list stopped growing at \(last + 1)")
        counts.append(page.model.count)
      }
      XCTAssertEqual(counts, [500, 1_000, Self.people + 2])
      XCTAssertTrue(page.model.isCountFinal)
      let end = page.model.count - 1
      Self.jump(page, to: end)
      XCTAssertTrue(
        MainContext.run(
          until: { page.viewport.visible.contains(end) && page.skeletonRows().visible == 0 },
          timeout: .seconds(10)), "the last rows did not fill")
      XCTAssertEqual(page.model[end]?.username, TestPeople.backslash.uid, "loaded last")
      let checked = try assertFilledRowsShowTheirOwnEntries(page, server: server)
      XCTAssertGreaterThanOrEqual(checked, page.viewport.visible.count)
    }
  }
}
