import CGtk
import Directory
import DirectoryLDAP
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// The groups sidebar over a real slapd (started by the tests on
/// 127.0.0.1) holding 1,100 groups: read from the server a window at a
/// time as their lines show, searched by the server, and a group chosen
/// narrows the list to its people.
final class ServerGroupsSidebarTests: ServerTestCase {
  static let groupCount = 1_100
  static let people = [
    LDIFPerson(uid: "ann", cn: "Ann", sn: "A"),
    LDIFPerson(uid: "bob", cn: "Bob", sn: "B"),
    LDIFPerson(uid: "cy", cn: "Cy", sn: "C"),
  ]

  /// "Group 0000" … "Group 1099"; group i holds person i % 3.
  override class func makeServer() throws -> TestServer {
    try TestServer(
      people: people,
      groups: (0..<groupCount).map { index in
        LDIFGroup(
          cn: "Group " + String(format: "%04d", index),
          members: [TestServer.dn(people[index % 3])])
      })
  }

  @MainActor private static func openWindow() throws -> MainWindow {
    var options = LDAPOptions()
    options.groupsBase = TestServer.groupsDN
    let window = try Self.openWindow(
      directory: try LDAPDirectory(url: try server().peopleURL, options: options))
    XCTAssertTrue(
      MainContext.run(until: { window.offersGroups }, timeout: .seconds(20)),
      "the server's groups were not offered")
    window.isSidebarOpen = true
    return window
  }

  /// Waits until the sidebar is done reading and `done` holds.
  @MainActor private static func settle(
    _ window: MainWindow, until done: @escaping @MainActor () -> Bool,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertTrue(
      MainContext.run(until: { !window.sidebar.isSearching && done() }, timeout: .seconds(20)),
      "the sidebar did not settle (\(window.sidebar.lineCount) lines)", file: file, line: line)
  }

  func testTheGroupsAreReadAWindowAtATimeAsTheyShow() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let sidebar = window.sidebar
      let window0 = ServerGroupLines.window
      // "All people", the first window, and a skeleton line for the next.
      XCTAssertEqual(sidebar.lineCount, 1 + window0 + 1, "one window, not every group")
      Self.settle(window) { sidebar.shownLines.first?.name == "All people" }
      XCTAssertEqual(
        sidebar.shownLines.prefix(3).map(\.name), ["All people", "Group 0000", "Group 0001"])
      XCTAssertEqual(sidebar.shownLines.first?.count, "3", "everyone's count")

      // Dragging the scroll bar to the bottom shows the skeleton line,
      // which reads the next window, until the last.
      let scroll = gtk_scrollable_get_vadjustment(gtkObject(sidebar.listView))!
      for expected in [1 + 2 * window0 + 1, 1 + Self.groupCount] {
        // Once laid out with the lines it has, below the scroll.
        let bottom = {
          gtk_adjustment_get_upper(scroll) - gtk_adjustment_get_page_size(scroll)
        }
        XCTAssertTrue(
          MainContext.run(until: { gtk_adjustment_get_value(scroll) < bottom() - 1 }),
          "the sidebar was not laid out")
        gtk_adjustment_set_value(
          scroll, gtk_adjustment_get_upper(scroll) - gtk_adjustment_get_page_size(scroll))
        Self.settle(window) { sidebar.lineCount == expected }
        XCTAssertEqual(sidebar.lineCount, expected)
      }
      XCTAssertEqual(sidebar.group(atLine: Self.groupCount), .some(Self.groupCount - 1))
    }
  }

  func testTheServerSearchesTheGroupsAndAGroupShowsItsPeople() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let sidebar = window.sidebar
      gtk_editable_set_text(gtkObject(sidebar.searchEntry), "Group 105")
      let found = ["All people"] + (1050..<1060).map { "Group \($0)" }
      Self.settle(window) { sidebar.shownLines.map(\.name) == found }
      XCTAssertEqual(sidebar.lineCount, found.count)
      // A line of the search chosen as a click does: Group 1052 holds Cy.
      XCTAssertFalse(window.chooseSidebarGroup(named: "Group 0004"), "not among the lines")
      XCTAssertTrue(window.chooseSidebarGroup(named: "Group 1052"))
      let page = try XCTUnwrap(window.server)
      XCTAssertTrue(
        MainContext.run(
          until: { !window.isLoading && page.model.count == 1 && page.model[0] != nil },
          timeout: .seconds(20)), "the group's people did not come")
      XCTAssertEqual(page.model[0]?.username, "cy")
      XCTAssertTrue(window.subtitle.hasPrefix("Group 1052 — 1 person"), window.subtitle)

      gtk_editable_set_text(gtkObject(sidebar.searchEntry), "")
      Self.settle(window) { sidebar.lineCount == 1 + ServerGroupLines.window + 1 }
      // Group 0004 holds Bob: the list narrows to him on the server.
      XCTAssertTrue(window.showGroup(4))
      XCTAssertTrue(
        MainContext.run(
          until: { !window.isLoading && page.model.count == 1 && page.model[0] != nil },
          timeout: .seconds(20)), "the group's people did not come")
      XCTAssertEqual(page.model[0]?.username, "bob")
      XCTAssertTrue(window.subtitle.hasPrefix("Group 0004 — 1 person"), window.subtitle)
      XCTAssertEqual(window.shownGroup, 4)
      XCTAssertTrue(window.showGroup(nil))
      XCTAssertTrue(
        MainContext.run(until: { !window.isLoading && page.model.count == 3 }),
        "everyone did not come back")
    }
  }
}
