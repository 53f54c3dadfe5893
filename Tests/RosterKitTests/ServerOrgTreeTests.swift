import CGtk
import Directory
import DirectoryLDAP
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// The org tree of a real slapd (started by the tests on 127.0.0.1): the
/// top of the organisation, a manager's reports read a window at a time
/// as their lines show, the report counts asked of the server, and a person
/// found from their page down a path of windows.
final class ServerOrgTreeTests: ServerTestCase {
  /// "boss" manages "lead"; "lead" manages 230 people (`member000` …);
  /// "solo" has neither manager nor reports.
  static let people: [LDIFPerson] = {
    var people = [
      LDIFPerson(uid: "boss", cn: "Boss", sn: "Boss"),
      LDIFPerson(uid: "solo", cn: "Solo", sn: "Solo"),
      LDIFPerson(uid: "lead", cn: "Lead", sn: "Lead", manager: dn("boss")),
    ]
    for index in 0..<230 {
      let uid = "member" + String(format: "%03d", index)
      people.append(LDIFPerson(uid: uid, cn: "Member \(index)", sn: "Member", manager: dn("lead")))
    }
    return people
  }()

  static func dn(_ uid: String) -> String { "uid=\(uid),ou=people,\(TestServer.suffix)" }

  override class func makeServer() throws -> TestServer { try TestServer(people: people) }

  @MainActor private static func openTree() throws -> (MainWindow, OrgTreePage<ServerTreeSource>) {
    let window = try Self.openWindow(url: try Self.server().peopleURL)
    let page = try XCTUnwrap(window.server)
    let tree = try XCTUnwrap(page.orgTree, "a server keeping managers offers the tree")
    XCTAssertTrue(page.views.modes.contains(.tree))
    window.viewMode = .tree
    XCTAssertEqual(window.viewMode, .tree)
    return (window, tree)
  }

  /// Waits until the tree's reads and counts are done; the keys of its lines.
  @MainActor private static func settledKeys(
    _ tree: OrgTreePage<ServerTreeSource>, until done: @escaping @MainActor ([String]) -> Bool,
    file: StaticString = #filePath, line: UInt = #line
  ) -> [String] {
    let keys = { (0..<tree.lineCount).compactMap { tree.key(ofLine: $0) } }
    XCTAssertTrue(
      MainContext.run(until: { !tree.source.isBusy && done(keys()) }, timeout: .seconds(20)),
      "the tree did not settle: \(keys().prefix(5)) … (\(tree.lineCount) lines)", file: file,
      line: line)
    return keys()
  }

  func testTheTopAndAManagersReportsAreReadAWindowAtATime() throws {
    try MainActor.assumeIsolated {
      let (window, tree) = try Self.openTree()
      defer { window.close() }
      // The people without a manager, with how many report to them.
      XCTAssertEqual(
        Self.settledKeys(tree) { $0.count == 2 && tree.shownLines.first?.count == "1 report" },
        [Self.dn("boss"), Self.dn("solo")])
      XCTAssertEqual(tree.shownLines.map(\.name), ["Boss", "Solo"])
      XCTAssertEqual(tree.shownLines.map(\.count), ["1 report", ""])
      XCTAssertTrue(tree.isExpandable(line: 0))
      XCTAssertFalse(tree.isExpandable(line: 1), "someone without reports has no expander")

      tree.setExpanded(true, line: 0)
      XCTAssertEqual(
        Self.settledKeys(tree) {
          $0.count == 3 && ServerTreeSource.placeholderOffset($0[1]) == nil
        },
        [Self.dn("boss"), Self.dn("lead"), Self.dn("solo")])

      // 230 reports: the first window, then a skeleton line that reads the next.
      tree.setExpanded(true, line: 1)
      var keys = Self.settledKeys(tree) { $0.count > 4 }
      XCTAssertEqual(keys.count, 3 + ServerTreeSource.pageSize + 1, "one window, not the team")
      XCTAssertEqual(keys[2], Self.dn("member000"))
      XCTAssertEqual(ServerTreeSource.placeholderOffset(keys[2 + ServerTreeSource.pageSize]), 100)
      XCTAssertEqual(keys.last, Self.dn("solo"))
      XCTAssertEqual(
        tree.shownLines.first { $0.name == "Lead" }?.count, "230 reports",
        "the count the window gave")

      // Dragging the scroll bar down to the skeleton line reads the next
      // window, until the last.
      let scroll = gtk_scrollable_get_vadjustment(gtkObject(tree.listView))!
      let bottom = { gtk_adjustment_get_upper(scroll) - gtk_adjustment_get_page_size(scroll) }
      for expected in [3 + 200 + 1, 3 + 230] {
        XCTAssertTrue(
          MainContext.run(until: { gtk_adjustment_get_value(scroll) < bottom() - 1 }),
          "the tree was not laid out")
        gtk_adjustment_set_value(scroll, bottom())
        keys = Self.settledKeys(tree) { $0.count == expected }
        XCTAssertEqual(keys.count, expected)
      }
      XCTAssertEqual(keys[2 + 229], Self.dn("member229"))
      XCTAssertFalse(keys.contains { ServerTreeSource.placeholderOffset($0) != nil })
    }
  }

  func testShowInOrgTreeOpensThePathThroughTheWindowsToThePerson() throws {
    try MainActor.assumeIsolated {
      let (window, tree) = try Self.openTree()
      defer { window.close() }
      _ = Self.settledKeys(tree) { $0.count == 2 }
      // member180 is in lead's second window: the path reads it.
      window.server?.revealInTree(Self.dn("member180"))
      XCTAssertTrue(
        MainContext.run(
          until: { !tree.source.isBusy && tree.selectedLine.flatMap(tree.key(ofLine:)) != nil },
          timeout: .seconds(20)), "nobody was selected")
      let selected = try XCTUnwrap(tree.selectedLine)
      XCTAssertEqual(tree.key(ofLine: selected), Self.dn("member180"))
      XCTAssertEqual(tree.depth(ofLine: selected), 2)
      XCTAssertEqual(tree.key(ofLine: 1), Self.dn("lead"))
    }
  }

  func testARefreshReadsTheTreeAfresh() throws {
    try MainActor.assumeIsolated {
      let (window, tree) = try Self.openTree()
      defer { window.close() }
      _ = Self.settledKeys(tree) { $0.count == 2 }
      XCTAssertEqual(window.subtitle, "233 people · 127.0.0.1")
      tree.setExpanded(true, line: 0)
      _ = Self.settledKeys(tree) { $0.count == 3 }
      window.refresh()
      XCTAssertEqual(
        Self.settledKeys(tree) { $0.count == 2 }, [Self.dn("boss"), Self.dn("solo")],
        "opened lines close: the server is read again")
    }
  }
}
