import CGtk
import Directory
import GtkKit
import XCTest

@testable import RosterKit

/// The groups sidebar in a real window: F9 shows it once a directory has
/// groups, a group's line shows its people searched, filtered and sorted
/// like everyone with its name in the subtitle, a group holding groups
/// opens to them, the sidebar's search leaves the people alone, and a
/// refresh keeps the group by identity.
final class GroupsSidebarTests: XCTestCase {
  /// The six people of ``SixPeopleTable`` in groups, "Computing" holding "Unix".
  private static func groups(research: [String] = ["ada", "barbara"]) -> String {
    let quoted = research.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      [{"id": "res", "name": "Research", "members": [\(quoted)]},
       {"id": "cs", "name": "Computing", "members": ["linus", "ada"], "groups": ["unix"]},
       {"id": "unix", "name": "Unix", "members": ["ken"]}]
      """
  }

  @MainActor
  private static func open(groups: String? = groups()) throws -> (MainWindow, TemporaryDirectory) {
    let (window, directory) = try SixPeopleTable.open { $0.viewMode = .table }
    if let groups {
      try rewrite(directory, groups: groups)
      window.refresh()
      WindowTestSupport.waitForLoad(window)
    }
    return (window, directory)
  }

  /// Rewrites the six people's file in the object form with `groups`.
  @MainActor
  private static func rewrite(_ directory: TemporaryDirectory, groups: String) throws {
    try directory.write(#"{"people": "# + SixPeopleTable.json + #", "groups": "# + groups + "}")
  }

  @MainActor
  private static func names(in window: MainWindow, becoming expected: [String]) -> [String] {
    SixPeopleTable.names(in: window, becoming: expected)
  }

  @MainActor
  private static func lines(of window: MainWindow, becoming expected: [String]) -> [String] {
    let shown = { window.sidebar.shownLines.map(\.name) }
    MainContext.run(
      until: { !window.sidebar.isSearching && shown() == expected }, timeout: .seconds(10))
    return shown()
  }

  func testF9ShowsTheGroupsAndAGroupShowsItsPeopleLikeEveryone() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.open()
      defer { window.close() }
      _ = directory
      XCTAssertFalse(window.isSidebarOpen)
      XCTAssertTrue(window.activate(.sidebar))
      XCTAssertTrue(window.isSidebarOpen)
      let lines = ["All people", "Research", "Computing", "Unix"]
      XCTAssertEqual(Self.lines(of: window, becoming: lines), lines)
      XCTAssertEqual(window.sidebar.shownLines.map(\.count), ["6", "2", "2", "1"])

      XCTAssertTrue(window.showGroup(0))
      let research = ["Ada Lovelace", "Barbara Liskov"]
      XCTAssertEqual(Self.names(in: window, becoming: research), research)
      XCTAssertEqual(window.subtitle, "Research — 2 people")
      XCTAssertEqual(window.shownGroup, 0)
      // A narrow window's sidebar lies over the people: choosing closes it.
      XCTAssertTrue(window.isSidebarFolded)
      XCTAssertFalse(window.isSidebarOpen)

      // Sorted and filtered as everyone is, among the group's people only.
      window.local.order.sort(by: PersonSort([.init(.username, descending: true)]))
      let reversed = ["Barbara Liskov", "Ada Lovelace"]
      XCTAssertEqual(Self.names(in: window, becoming: reversed), reversed)
      XCTAssertTrue(window.setFilterText(#"title eq "Professor""#))
      XCTAssertEqual(Self.names(in: window, becoming: ["Barbara Liskov"]), ["Barbara Liskov"])
      XCTAssertEqual(window.subtitle, "Research — 1 of 2 people")
      XCTAssertTrue(window.setFilterText(""))

      // "All people" shows everyone again, still in the order chosen.
      XCTAssertTrue(window.showGroup(nil))
      let everyone = [
        "Margaret Hamilton", "linus", "Ken Thompson", "Grace Hopper", "Barbara Liskov",
        "Ada Lovelace",
      ]
      XCTAssertEqual(Self.names(in: window, becoming: everyone), everyone)
      XCTAssertEqual(window.subtitle, "6 people")
      XCTAssertNil(window.shownGroup)
    }
  }

  func testAGroupHoldingGroupsOpensToThem() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.open()
      defer { window.close() }
      _ = directory
      window.isSidebarOpen = true
      let lines = ["All people", "Research", "Computing", "Unix"]
      XCTAssertEqual(Self.lines(of: window, becoming: lines), lines)
      window.sidebar.setExpanded(true, line: 2)
      let open = ["All people", "Research", "Computing", "Unix", "Unix"]
      XCTAssertEqual(Self.lines(of: window, becoming: open), open)
      XCTAssertEqual(window.sidebar.group(atLine: 3), .some(2))
      // Selecting the line inside shows that group's people.
      gtk_single_selection_set_selected(
        gtk_list_view_get_model(gtkObject(window.sidebar.listView)), 3)
      XCTAssertEqual(Self.names(in: window, becoming: ["Ken Thompson"]), ["Ken Thompson"])
      XCTAssertEqual(window.subtitle, "Unix — 1 person")
    }
  }

  func testSearchingTheGroupsLeavesThePeopleAndTheSelectionAlone() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.open()
      defer { window.close() }
      _ = directory
      window.isSidebarOpen = true
      XCTAssertTrue(window.showGroup(1))
      let computing = ["Ada Lovelace", "linus"]
      XCTAssertEqual(Self.names(in: window, becoming: computing), computing)
      gtk_editable_set_text(gtkObject(window.sidebar.searchEntry), "RESE")
      XCTAssertEqual(
        Self.lines(of: window, becoming: ["All people", "Research"]), ["All people", "Research"])
      XCTAssertEqual(window.shownGroup, 1, "the search changed the group shown")
      XCTAssertEqual(Self.names(in: window, becoming: computing), computing)
      gtk_editable_set_text(gtkObject(window.sidebar.searchEntry), "")
      let lines = ["All people", "Research", "Computing", "Unix"]
      XCTAssertEqual(Self.lines(of: window, becoming: lines), lines)
      let selected = gtk_single_selection_get_selected(
        gtk_list_view_get_model(gtkObject(window.sidebar.listView)))
      XCTAssertEqual(selected, 2, "the group shown is no longer selected")
    }
  }

  func testARefreshKeepsTheGroupByIdentity() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.open()
      defer { window.close() }
      XCTAssertTrue(window.showGroup(0))
      let research = ["Ada Lovelace", "Barbara Liskov"]
      XCTAssertEqual(Self.names(in: window, becoming: research), research)
      // Research moves last and gains Grace.
      try Self.rewrite(
        directory,
        groups: """
          [{"id": "unix", "name": "Unix", "members": ["ken"]},
           {"id": "res", "name": "Research", "members": ["ada", "barbara", "grace"]}]
          """)
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      let more = ["Ada Lovelace", "Grace Hopper", "Barbara Liskov"]
      XCTAssertEqual(Self.names(in: window, becoming: more), more)
      XCTAssertEqual(window.shownGroup, 1)
      XCTAssertEqual(window.subtitle, "Research — 3 people")
      // A refresh without the group shows everyone.
      try Self.rewrite(directory, groups: "[]")
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      let everyone = SixPeopleTable.everyone
      XCTAssertEqual(Self.names(in: window, becoming: everyone), everyone)
      XCTAssertNil(window.shownGroup)
      XCTAssertEqual(window.subtitle, "6 people")
      XCTAssertFalse(window.offersGroups, "the sidebar is offered without groups")
      window.activate(.sidebar)
      XCTAssertFalse(window.isSidebarOpen)
    }
  }

  func testADirectoryWithoutGroupsOffersNoSidebar() throws {
    try MainActor.assumeIsolated {
      let (window, directory) = try Self.open(groups: nil)
      defer { window.close() }
      _ = directory
      XCTAssertFalse(window.offersGroups)
      window.activate(.sidebar)
      XCTAssertFalse(window.isSidebarOpen)
      XCTAssertEqual(gtk_widget_get_sensitive(window.header.sidebarButton), 0)
    }
  }
}
