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
      page.order.sort(by: PersonSort([.init(.username, descending: true)]))
      let expected = Self.people.map(\.uid).filter { !$0.lowercased().hasPrefix("a") }
        .sorted { $0.lowercased() > $1.lowercased() }
      XCTAssertTrue(
        MainContext.run(
          until: {
            !window.isLoading && page.model.count == expected.count && page.model[0] != nil
          },
          timeout: .seconds(20)), "the filtered view did not open: \(page.model.count)")
      XCTAssertGreaterThan(expected.count, PersonExporter.rangeSize * 2, "several windows")

      XCTAssertEqual(try Self.exportedUsernames(of: window, as: "people.csv"), expected)
      XCTAssertEqual(
        window.lastToast,
        "Exported \(NumberText.grouped(expected.count)) people to people.csv")
    }
  }

  /// Ctrl+A over a server's view selects everyone without reading a
  /// window; Ctrl+C of a range that runs past the windows read so far
  /// reads them when another app pastes; Export writes only the selection.
  func testASelectionOfTheServersViewIsCopiedAndExportedByItsPositions() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: try Self.server().peopleURL)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let count = page.model.count
      let everyone = try stride(from: 0, to: count, by: PersonExporter.rangeSize).flatMap {
        try Self.usernames(
          page.shownDirectory, range: $0..<min(count, $0 + PersonExporter.rangeSize))
      }
      // Every page the screen asks for asked for, so what follows counts only what selecting does.
      waitUntilFilled(page)
      WindowTestSupport.waitForFrames(window)
      let started = page.model.statistics.started

      gtk_widget_activate_action_variant(page.shownView, "list.select-all", nil)
      XCTAssertEqual(page.selection.count, count)
      XCTAssertEqual(window.subtitle, "\(NumberText.grouped(count)) selected")
      MainContext.run(for: .milliseconds(100))
      XCTAssertEqual(page.model.statistics.started, started, "selecting everyone read windows")

      // Positions 3...702 (beyond the windows on screen) and 1,000.
      page.selection.replace(with: SelectionRanges([3..<703, 1000..<1001]))
      XCTAssertTrue(window.activate(.copy))
      XCTAssertEqual(window.lastToast, "Copied 701 people")
      let lines = try WindowTestSupport.clipboard("UTF8_STRING").split(separator: "\n")
      let expected = Array(everyone[3..<703]) + [everyone[1000]]
      XCTAssertEqual(lines.count, expected.count)
      let byUsername = Dictionary(uniqueKeysWithValues: Self.people.map { ($0.uid, $0) })
      for (line, username) in zip(lines, expected) {
        let person = try XCTUnwrap(byUsername[username])
        let name = person.displayName ?? person.cn
        XCTAssertEqual(String(line), person.mail.map { "\(name) <\($0)>" } ?? name)
      }

      XCTAssertEqual(
        try Self.exportedUsernames(of: window, as: "selected.csv", onlySelected: true), expected)
      XCTAssertEqual(window.lastToast, "Exported 701 people to selected.csv")
    }
  }

  /// Another order of the server's view puts other people at the selected
  /// positions: the selection goes, unless everyone was selected.
  func testAnotherViewOfTheServerClearsASelectionButNotEveryone() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: try Self.server().peopleURL)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      page.selection.replace(with: SelectionRanges(2..<5))
      page.order.sort(by: PersonSort([.init(.username, descending: true)]))
      XCTAssertTrue(
        MainContext.run(until: { !window.isLoading && page.selection.count == 0 }),
        "the selection stayed on other people")
      gtk_widget_activate_action_variant(page.shownView, "list.select-all", nil)
      page.showOnly(try PersonFilter(parsing: #"username sw "a""#))
      let count = Self.people.filter { $0.uid.lowercased().hasPrefix("a") }.count
      XCTAssertTrue(
        MainContext.run(until: { !window.isLoading && page.model.count == count }),
        "the filtered view did not open")
      XCTAssertEqual(page.selection.count, count)
      XCTAssertTrue(page.selection.selectsAll)
    }
  }

  /// Exports the window's people (only the selected when `onlySelected`)
  /// to a CSV file `name` in a folder of its own, and reads back its
  /// usernames column.
  @MainActor
  private static func exportedUsernames(
    of window: MainWindow, as name: String, onlySelected: Bool = false
  ) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name)
    XCTAssertTrue(window.export(to: file, as: .csv, onlySelected: onlySelected))
    XCTAssertTrue(
      MainContext.run(until: { !window.isExporting }, timeout: .seconds(30)),
      "the export did not end")
    let rows = try String(contentsOf: file, encoding: .utf8)
      .split(separator: "\r\n", omittingEmptySubsequences: true)
    let header = rows[0].split(separator: ",").map(String.init)
    let column = try XCTUnwrap(header.firstIndex(of: "username"))
    return rows.dropFirst().map {
      String($0.split(separator: ",", omittingEmptySubsequences: false)[column])
    }
  }

  func testCheckingTheDataOfAServerReadByRangesSaysWhatItNeeds() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: try Self.server().peopleURL)
      defer { window.close() }
      let before = DataChecksWindow.shown.count
      XCTAssertTrue(window.activate(.checkData))
      XCTAssertEqual(DataChecksWindow.shown.count, before, "no window of checks opens")
      XCTAssertEqual(
        window.lastToast,
        "Checking the data needs the whole directory: a file, or a server’s offline copy")
    }
  }

  func testAnOrgChartOfAServerReadByRangesSaysWhatItNeeds() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: try Self.server().peopleURL)
      defer { window.close() }
      XCTAssertNotNil(window.openPersonPage(at: 0))
      var printed: Bool?
      window.printOrgChart(toFile: "/nonexistent/chart.pdf") { printed = $0 }
      XCTAssertTrue(MainContext.run(until: { printed != nil }, timeout: .seconds(10)))
      XCTAssertEqual(printed, false)
      XCTAssertEqual(
        window.lastToast,
        "An org chart needs the whole directory: a file, or a server’s offline copy")
    }
  }
}
