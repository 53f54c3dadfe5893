import CGtk
import Directory
import GtkKit
import XCTest

@testable import RosterKit

/// The org tree in a real window: the top of the organisation, a manager
/// the directory lacks and a circle as its roots, managers opening to
/// their reports, "Show in Org Tree" opening the path down to a person,
/// a line opening the person's page, and Back returning to the view left.
final class OrgTreeTests: XCTestCase {
  @MainActor
  private static func open() throws -> (MainWindow, TemporaryDirectory) {
    try WindowTestSupport.setUp()
    let folder = try TemporaryDirectory()
    try folder.write(PersonPageTests.directory)
    let window = WindowTestSupport.openWindow(on: folder)
    XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }), "no rows on screen")
    return (window, folder)
  }

  @MainActor
  private static func lines(of window: MainWindow, becoming expected: [String]) -> [String] {
    let tree = window.local.orgTree
    let shown = { tree.shownLines.map(\.name) }
    MainContext.run(until: { !tree.source.isLoading && shown() == expected }, timeout: .seconds(10))
    return shown()
  }

  func testTheTreeStartsAtTheTopAndManagersOpenToTheirReports() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      window.activate(.showTree)
      XCTAssertEqual(window.viewMode, .tree)
      let roots = ["Cy Chief", "Lo St", "a"]
      XCTAssertEqual(Self.lines(of: window, becoming: roots), roots)
      let tree = window.local.orgTree
      XCTAssertEqual(tree.shownLines.map(\.count), ["1 report", "", "1 report"])
      tree.setExpanded(true, line: 0)
      let opened = ["Cy Chief", "Vi Vice", "Lo St", "a"]
      XCTAssertEqual(Self.lines(of: window, becoming: opened), opened)
      XCTAssertEqual(tree.depth(ofLine: 1), 1)
      XCTAssertEqual(tree.shownLines[1].count, "2 reports")
      tree.setExpanded(true, line: 1)
      let deeper = ["Cy Chief", "Vi Vice", "Di Rector", "Oh Ops", "Lo St", "a"]
      XCTAssertEqual(Self.lines(of: window, becoming: deeper), deeper)
      XCTAssertEqual(tree.depth(ofLine: 3), 2)
      // The circle opens to the rest of it: b under a, and so on.
      tree.setExpanded(true, line: 5)
      XCTAssertEqual(Self.lines(of: window, becoming: deeper + ["b"]), deeper + ["b"])
      tree.setExpanded(false, line: 0)
      XCTAssertEqual(Self.lines(of: window, becoming: roots + ["b"]), roots + ["b"])

      // A line opens the person's page, as a row of the list does.
      cgtk_emit_uint(gobject(tree.listView), "activate", 1)
      XCTAssertTrue(
        MainContext.run(until: { window.shownPersonPage?.shownName == "Lo St" }),
        "the tree's line did not open the page")
    }
  }

  func testShowInOrgTreeOpensThePathDownToThePersonAndBackReturns() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let intern = window.model.elements.firstIndex { $0.username == "intern" }!
      let page = try XCTUnwrap(window.openPersonPage(at: intern))
      XCTAssertNotEqual(gtk_widget_get_visible(page.treeButton), 0)
      cgtk_emit(gobject(page.treeButton), "clicked")
      let tree = window.local.orgTree
      XCTAssertTrue(
        MainContext.run(until: { window.shownPersonPage == nil && tree.selectedLine != nil }),
        "the tree did not open down to the person")
      XCTAssertEqual(window.viewMode, .tree)
      let line = try XCTUnwrap(tree.selectedLine)
      XCTAssertEqual(tree.source.person(atLine: line), intern)
      XCTAssertEqual(tree.depth(ofLine: line), 6)
      XCTAssertEqual(
        (0...line).compactMap { tree.source.person(atLine: $0) }.map { window.model[$0].username },
        ["ceo", "vp", "dir", "mgr", "lead", "dev", "intern"])
      window.goBack()
      XCTAssertTrue(MainContext.run(until: { window.shownPersonPage?.shownName == "In Tern" }))
      window.goBack()
      XCTAssertTrue(MainContext.run(until: { window.shownPersonPage == nil }))
      XCTAssertEqual(window.viewMode, .list, "Back did not return to the list")
    }
  }

  func testAManagerOfTenThousandOpensToRowsForTheScreenOnly() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let folder = try TemporaryDirectory()
      let reports = (0..<10_000).map { #"{"username": "r\#($0)", "manager": "boss"}"# }
      try folder.write(
        #"[{"username": "boss"}, "# + reports.joined(separator: ", ") + "]")
      let window = WindowTestSupport.openWindow(on: folder)
      defer { window.close() }
      window.viewMode = .tree
      let tree = window.local.orgTree
      XCTAssertTrue(MainContext.run(until: { !tree.source.isLoading && tree.lineCount == 1 }))
      tree.setExpanded(true, line: 0)
      XCTAssertEqual(tree.lineCount, 10_001)
      WindowTestSupport.waitForFrames(window)
      XCTAssertEqual(tree.shownLines.first?.count, "10,000 reports")
      // Rows for what shows and GTK's margin (about 200), not ten thousand.
      XCTAssertGreaterThan(tree.factory.liveRows, 5)
      XCTAssertLessThan(tree.factory.liveRows, 500, "the tree made a row a report")
    }
  }

  func testTheTreesSubtitleCountsEveryoneWhateverGroupTheListShows() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      XCTAssertTrue(window.showGroup(0))
      let platform = "Platform — 2 people"
      XCTAssertTrue(
        MainContext.run(until: { window.subtitle == platform }), "the group: \(window.subtitle)")
      window.activate(.showTree)
      XCTAssertEqual(window.subtitle, "11 people", "the tree shows everyone")
      window.viewMode = .list
      XCTAssertEqual(window.subtitle, platform, "the list shows the group again")
    }
  }
}
