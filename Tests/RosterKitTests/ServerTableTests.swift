import CGtk
import Directory
import DirectoryLDAP
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A server's page shown as a table on a real slapd: the rows fill from the
/// server's pages (skeletons until then), a click on a title orders the
/// rows on the server, a field the server cannot order by is greyed in the
/// page's own header, the selected person stays selected across the switch,
/// and the columns and order come back from the settings remembered under
/// the directory's URL. No libldap call runs on the main thread.
final class ServerTableTests: ServerTestCase {
  private static let people = 300

  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: people, seed: 23))
  }

  /// libldap calls made on the main thread by the directories below.
  private static let mainThreadCalls = LDAPMainThreadCalls()

  /// A directory on this class's server that refuses to sort by phone number.
  private static func directory() throws -> LDAPDirectory {
    try directory(countingInto: mainThreadCalls, refusingToSort: [.phone])
  }

  /// The identities of the table's bound rows that show a person, by
  /// position, once the first `count` are filled.
  @MainActor private static func filledRows(
    _ page: ServerReader, count: Int, file: StaticString = #filePath, line: UInt = #line
  ) -> [(position: Int, row: TableRow)] {
    let filled = {
      page.table.shownRows.filter { $0.row.identity != nil && $0.row.cellTexts[0] != "" }
    }
    XCTAssertTrue(
      MainContext.run(
        until: {
          !page.isLoading && (0..<count).allSatisfy { p in filled().contains { $0.position == p } }
        },
        timeout: .seconds(20)),
      "the table's first rows did not fill", file: file, line: line)
    return filled()
  }

  func testARowShowsASkeletonUntilItsPageArrives() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let row = TableRow(columns: TableColumns(), avatars: nil)
      XCTAssertTrue(row.showsSkeleton, "a new row shows no one")
      let ada = UserViewModel(user: User(username: "ada", role: .admin))
      row.bind(.person(ada), position: 0)
      XCTAssertFalse(row.showsSkeleton)
      XCTAssertEqual(row.identity, ada.identity)
      XCTAssertEqual(row.cellTexts[0], ada.displayName)
      row.bind(.pending, position: 0)
      XCTAssertTrue(row.showsSkeleton)
      XCTAssertNil(row.identity, "a skeleton still reads as the person before")
      XCTAssertEqual(row.accessibleLabel, "Loading")
    }
  }

  func testTheTableFillsFromTheServerAndAClickOrdersItThere() throws {
    try MainActor.assumeIsolated {
      let mainThreadCalls = Self.mainThreadCalls.count
      let directory = try Self.directory()
      let window = try Self.openWindow(directory: directory)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(page.views.modes, [.list, .table, .tree], "no grid on a server")
      window.viewMode = .table
      XCTAssertEqual(page.viewMode, .table)
      // Each filled row shows the person of its position, name first.
      for (position, row) in Self.filledRows(page, count: 8) {
        let person = try XCTUnwrap(page.person(at: position))
        XCTAssertEqual(row.identity, person.identity)
        XCTAssertEqual(row.cellTexts[0], person.displayName)
      }
      // A click on a title orders the rows on the server; a second reverses.
      for descending in [false, true] {
        page.table.header.click(.title)
        let sort = PersonSort([.init(.title, descending: descending)])
        XCTAssertEqual(page.order.key, sort.keys[0])
        let expected = try Self.usernames(directory.querying(filter: nil, sort: sort), count: 8)
        let shown = Self.filledRows(page, count: 8).prefix(8).map {
          page.person(at: $0.position)?.username ?? ""
        }
        XCTAssertEqual(shown, expected, "descending: \(descending)")
      }
      // The title the server refuses is greyed in the page's header, with its reason.
      XCTAssertTrue(
        MainContext.run(until: { !page.table.header.sorts(.phone) }, timeout: .seconds(20)),
        "the refused column is not greyed")
      XCTAssertTrue(page.table.header.tooltip(of: .phone)?.contains("telephoneNumber") ?? false)
      XCTAssertTrue(page.table.header.sorts(.title))
      XCTAssertEqual(Self.mainThreadCalls.count, mainThreadCalls, "no libldap call on main")
    }
  }

  func testTheSelectedPersonStaysSelectedAcrossTheSwitch() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(directory: try Self.directory())
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      page.select(5)
      let person = try XCTUnwrap(page.person(at: 5))
      window.viewMode = .table
      XCTAssertEqual(page.selectedPosition, 5)
      XCTAssertTrue(
        MainContext.run(
          until: {
            page.table.shownRows.contains { $0.position == 5 && $0.row.identity == person.identity }
          },
          timeout: .seconds(20)),
        "the selected person's row did not fill")
      page.select(7)
      window.viewMode = .list
      XCTAssertEqual(page.viewMode, .list)
      XCTAssertEqual(page.selectedPosition, 7)
      // The list reads its pages again: the hidden table no longer tells the model.
      XCTAssertTrue(
        MainContext.run(until: { window.hasVisibleRows }, timeout: .seconds(20)))
      XCTAssertFalse(page.table.shown.isActive, "the hidden table still follows the model")
    }
  }

  func testTheColumnsAndOrderComeBackFromTheSettings() throws {
    try MainActor.assumeIsolated {
      let directory = try Self.directory()
      let url = try Self.server().peopleURL
      let remembered: TableSettings
      do {
        let window = try Self.openWindow(directory: directory)
        defer { window.close() }
        let page = try XCTUnwrap(window.server)
        XCTAssertEqual(page.tableSettingsKey, directory.settingsKey)
        XCTAssertTrue(
          url.hasPrefix(directory.settingsKey + "?"),
          "\(directory.settingsKey) is not named by its URL \(url)")
        window.viewMode = .table
        page.table.columns.setFields([.displayName, .department, .title])
        page.table.columns.setWidth(260, of: 1)
        page.table.header.click(.department)
        page.table.header.click(.department)
        remembered = page.table.settings
      }
      XCTAssertEqual(remembered.columns, ["displayName", "department", "title"])
      XCTAssertEqual(remembered.widths[1], 260)
      XCTAssertEqual(remembered.sort, "department:desc")
      // A new window restores them before it opens, as the application
      // does: its first read is ordered.
      try WindowTestSupport.setUp()
      let window = MainWindow(
        application: nil, content: .server(try Self.directory()), pipeline: nil, probe: RowProbe())
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
      let page = try XCTUnwrap(window.server)
      window.peoplePage.restore(remembered)
      window.viewMode = .table
      window.present()
      window.refresh()
      XCTAssertEqual(page.table.columns.fields, [.displayName, .department, .title])
      XCTAssertEqual(page.table.columns.widths[1], 260)
      XCTAssertEqual(page.order.key, .init(.department, descending: true))
      let sort = PersonSort([.init(.department, descending: true)])
      let expected = try Self.usernames(directory.querying(filter: nil, sort: sort), count: 6)
      let shown = Self.filledRows(page, count: 6).prefix(6).map {
        page.person(at: $0.position)?.username ?? ""
      }
      XCTAssertEqual(shown, expected)
    }
  }
}
