import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// "Export…" on a real slapd (started by the tests on 127.0.0.1): the
/// server's view shown, filtered and sorted there, written a window at a
/// time; the file holds exactly the people the list shows, in its order.
final class ServerExportWindowTests: ServerTestCase {
  static let people = TestPeople.people(count: 1_234, seed: 7)

  override class func makeServer() throws -> TestServer { try TestServer(people: people) }

  func testTheServersFilteredViewIsExportedInItsOrder() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: try Self.server().peopleURL)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      // Everyone whose username does not start with "a", by username descending.
      page.showOnly(try PersonFilter(parsing: #"not (username sw "a")"#))
      page.sort(by: PersonSort([.init(.username, descending: true)]))
      let expected = Self.people.map(\.uid).filter { !$0.lowercased().hasPrefix("a") }
        .sorted { $0.lowercased() > $1.lowercased() }
      XCTAssertTrue(
        MainContext.run(
          until: {
            !window.isLoading && page.model.count == expected.count && page.model[0] != nil
          },
          timeout: .seconds(20)), "the filtered view did not open: \(page.model.count)")
      XCTAssertGreaterThan(expected.count, PersonExporter.windowSize * 2, "several windows")

      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-export-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("people.csv")
      XCTAssertTrue(window.export(to: file, as: .csv))
      XCTAssertTrue(
        MainContext.run(until: { !window.isExporting }, timeout: .seconds(30)),
        "the export did not end")
      XCTAssertEqual(
        window.lastToast,
        "Exported \(NumberText.grouped(expected.count)) people to people.csv")
      let rows = try String(contentsOf: file, encoding: .utf8)
        .split(separator: "\r\n", omittingEmptySubsequences: true)
      let header = rows[0].split(separator: ",").map(String.init)
      let column = try XCTUnwrap(header.firstIndex(of: "username"))
      XCTAssertEqual(
        rows.dropFirst().map {
          String($0.split(separator: ",", omittingEmptySubsequences: false)[column])
        },
        expected)
    }
  }
}
