import CGtk
import Directory
import DirectorySCIM
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A person's page on a real scim2-server (started by the tests on
/// 127.0.0.1): the managers read up to the top, the groups, how many report
/// to them; a group's link and "Show in the List" narrow the list to the
/// server's own windows of those people, and Back returns.
final class ServerPersonPageTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestSCIMServer?

  override class func tearDown() {
    server?.kill()
    server = nil
    super.tearDown()
  }

  /// 30 people, each the report of person (i − 1) / 4; "Engineering" of
  /// three in its own order.
  @MainActor private static func openWindow() throws -> MainWindow {
    if server == nil {
      server = try runBlocking {
        let server = try await TestSCIMServer(people: TestSCIMServer.people(30))
        try await server.load(groups: [
          TestSCIMServer.Group(name: "Engineering", members: ["user0005", "user0002", "user0009"])
        ])
        return server
      }
    }
    var options = ServerOptions()
    options.secret = Secret(TestSCIMServer.token)
    let directory = try options.directory(url: try XCTUnwrap(server).url, environment: [:])
    return try ServerTestCase.openWindow(directory: directory)
  }

  /// The usernames of the rows, once `count` have arrived.
  @MainActor private static func usernames(_ window: MainWindow, count: Int) -> [String] {
    let page = window.server!
    MainContext.run(
      until: {
        !window.isLoading && page.model.count == count
          && (0..<count).allSatisfy { page.model[$0] != nil }
      }, timeout: .seconds(20))
    return (0..<page.model.count).compactMap { page.model[$0]?.username }
  }

  func testAServersPersonHasTheirManagersGroupsAndReports() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      XCTAssertEqual(Self.usernames(window, count: 30).prefix(2), ["user0000", "user0001"])
      // Opened as a double-click does: the row selected first.
      window.select(5)
      let page = try XCTUnwrap(window.openPersonPage(at: 5))
      XCTAssertTrue(MainContext.run(until: { page.chainTexts.count == 2 }, timeout: .seconds(20)))
      XCTAssertEqual(page.shownName, "Person 0005")
      XCTAssertEqual(page.chainTexts, [#"Ann "Q0000" O\Brien"#, "Person 0001"])
      XCTAssertEqual(page.groupTexts, ["Engineering"])
      XCTAssertEqual(page.reportsHeadingText, "4 direct reports")
      // A SCIM server takes changes: Edit (SCIMPersonEditWindowTests saves).
      XCTAssertNotEqual(gtk_widget_get_visible(page.editor.buttons), 0, "no Edit on a SCIM page")

      // A manager's name opens their page, read from the server by id.
      cgtk_emit(gobject(page.chainLinks[1]), "clicked")
      XCTAssertTrue(
        MainContext.run(until: { page.shownName == "Person 0001" }, timeout: .seconds(20)))
      XCTAssertTrue(
        MainContext.run(until: { page.chainTexts == [#"Ann "Q0000" O\Brien"#] }),
        "the manager's chain did not come")
      XCTAssertEqual(page.reportsHeadingText, "4 direct reports")
      XCTAssertNotEqual(gtk_widget_get_visible(page.reportsButton), 0)

      // Their reports, read a window at a time in the list.
      cgtk_emit(gobject(page.reportsButton), "clicked")
      XCTAssertEqual(
        Self.usernames(window, count: 4), ["user0005", "user0006", "user0007", "user0008"])
      XCTAssertNil(window.shownPersonPage)
      XCTAssertEqual(window.subtitle, "Reporting to Person 0001 — 4 people · 127.0.0.1")

      window.goBack()
      XCTAssertTrue(MainContext.run(until: { window.shownPersonPage?.shownName == "Person 0001" }))
      window.goBack()
      XCTAssertTrue(MainContext.run(until: { window.shownPersonPage?.shownName == "Person 0005" }))
      // A group's link: its people in the list, in the group's order.
      cgtk_emit(gobject(page.groupLinks[0]), "clicked")
      XCTAssertEqual(Self.usernames(window, count: 3), ["user0005", "user0002", "user0009"])
      XCTAssertTrue(window.subtitle.hasPrefix("Engineering — 3 people"), window.subtitle)
      // Two steps back at once: the person's page, whose facts are still on
      // their way when the second step leaves it, does not show after it.
      window.goBack()
      window.goBack()
      XCTAssertEqual(Self.usernames(window, count: 30).count, 30, "everyone did not come back")
      WindowTestSupport.waitForFrames(window)
      XCTAssertNil(window.shownPersonPage, "a late person's page showed after Back")
      XCTAssertEqual(window.subtitle, "30 people · 127.0.0.1")
      XCTAssertTrue(
        MainContext.run(until: { window.selectedPosition == 5 }),
        "the person whose page was opened is selected again: \(String(describing: window.selectedPosition))"
      )
    }
  }

  func testAServersGroupsAreInTheSidebarAndAGroupShowsItsPeople() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      XCTAssertTrue(
        MainContext.run(until: { window.offersGroups }, timeout: .seconds(20)),
        "the server's groups were not listed")
      window.isSidebarOpen = true
      XCTAssertTrue(
        MainContext.run(until: {
          window.sidebar.shownLines.map(\.name) == ["All people", "Engineering"]
        }), "the sidebar did not list the server's group")
      // A server's group is listed without reading its members to count them.
      XCTAssertEqual(window.sidebar.shownLines.map(\.count), ["30", ""])
      XCTAssertTrue(window.showGroup(0))
      XCTAssertEqual(Self.usernames(window, count: 3), ["user0005", "user0002", "user0009"])
      XCTAssertTrue(window.subtitle.hasPrefix("Engineering — 3 people"), window.subtitle)
      XCTAssertTrue(window.showGroup(nil))
      XCTAssertEqual(Self.usernames(window, count: 30).count, 30)
      XCTAssertEqual(window.subtitle, "30 people · 127.0.0.1")
    }
  }

  func testAServersOrgTreeOpensFromTheTopThroughTheEnterpriseManager() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      XCTAssertEqual(Self.usernames(window, count: 30).count, 30)
      window.viewMode = .tree
      let tree = try XCTUnwrap(window.server?.orgTree)
      XCTAssertTrue(
        MainContext.run(
          until: { !tree.source.isBusy && tree.shownLines.map(\.count) == ["4 reports"] },
          timeout: .seconds(20)), "the top of the organisation: \(tree.shownLines)")
      XCTAssertEqual(tree.shownLines.map(\.name), [#"Ann "Q0000" O\Brien"#])
      tree.setExpanded(true, line: 0)
      XCTAssertTrue(
        MainContext.run(
          until: {
            !tree.source.isBusy && tree.shownLines.count == 5 && tree.shownLines[1].count != ""
          },
          timeout: .seconds(20)), "the reports: \(tree.shownLines)")
      XCTAssertEqual(
        tree.shownLines.map(\.name),
        [#"Ann "Q0000" O\Brien"#, "Person 0001", "Person 0002", "Person 0003", "Person 0004"])
      XCTAssertEqual(tree.shownLines[1].count, "4 reports")
    }
  }
}
