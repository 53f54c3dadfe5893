import CGtk
import Directory
import GtkKit
import XCTest

@testable import RosterKit

/// A person's page in a real window: the managers up to the top as links,
/// how a chain that does not reach the top ends, the groups and the direct
/// reports; every name opens a page, and Back and Forward walk the pages
/// visited and the views left, with their selection and scroll.
final class PersonPageTests: XCTestCase {
  /// Seven levels from the chief down to an intern, a manager nobody is,
  /// a cycle, and two groups.
  static let directory = """
    {"people": [
      {"username": "ceo", "displayName": "Cy Chief"},
      {"username": "vp", "displayName": "Vi Vice", "manager": "ceo"},
      {"username": "dir", "displayName": "Di Rector", "manager": "vp"},
      {"username": "mgr", "displayName": "Ma Nager", "manager": "dir"},
      {"username": "lead", "displayName": "Lee Lead", "manager": "mgr"},
      {"username": "dev", "displayName": "Dee Dev", "manager": "lead", "title": "Developer"},
      {"username": "intern", "displayName": "In Tern", "manager": "dev"},
      {"username": "ops", "displayName": "Oh Ops", "manager": "vp"},
      {"username": "lost", "displayName": "Lo St", "manager": "ghost"},
      {"username": "a", "manager": "b"},
      {"username": "b", "manager": "a"}],
     "groups": [
      {"id": "plat", "name": "Platform", "members": ["lead", "dev"]},
      {"id": "all", "name": "Everyone", "members": ["ceo", "vp", "dev", "intern"]}]}
    """

  @MainActor
  private static func open() throws -> (MainWindow, TemporaryDirectory) {
    try WindowTestSupport.open(directory)
  }

  /// The position of `username` in the list shown.
  @MainActor
  private static func position(of username: String, in window: MainWindow) -> Int {
    window.model.elements.firstIndex { $0.username == username } ?? -1
  }

  /// Waits until the person page shows `name`.
  @MainActor
  private static func waitForPage(_ window: MainWindow, showing name: String) -> Bool {
    MainContext.run(
      until: { window.shownPersonPage?.shownName == name }, timeout: .seconds(10))
  }

  func testAPersonsPageHasTheirManagersUpToTheTopTheirGroupsAndReports() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let page = try XCTUnwrap(window.openPersonPage(at: Self.position(of: "dev", in: window)))
      XCTAssertEqual(page.shownName, "Dee Dev")
      XCTAssertEqual(window.header.titleText, "Dee Dev")
      XCTAssertEqual(window.subtitle, "Developer")
      XCTAssertEqual(page.chainTexts, ["Cy Chief", "Vi Vice", "Di Rector", "Ma Nager", "Lee Lead"])
      XCTAssertEqual(page.chainNoteText, "")
      XCTAssertEqual(page.groupTexts, ["Platform", "Everyone"])
      XCTAssertEqual(page.reportsHeadingText, "1 direct report")
      XCTAssertEqual(page.reportsModel.elements.map(\.username), ["intern"])
      XCTAssertTrue(window.canGoBack)
      XCTAssertNotEqual(gtk_widget_get_visible(window.header.backButton), 0)

      // The top of the organisation has no chain; the vice president two reports.
      cgtk_emit(gobject(page.chainLinks[1]), "clicked")
      XCTAssertTrue(Self.waitForPage(window, showing: "Vi Vice"))
      XCTAssertEqual(page.chainTexts, ["Cy Chief"])
      XCTAssertEqual(page.reportsHeadingText, "2 direct reports")
      XCTAssertEqual(page.reportsModel.elements.map(\.username), ["dir", "ops"])
      // A report's row opens their page, as a row of the list does.
      cgtk_emit_uint(gobject(page.reports.listView), "activate", 1)
      XCTAssertTrue(Self.waitForPage(window, showing: "Oh Ops"))
      XCTAssertEqual(page.reportsHeadingText, "No direct reports")
      XCTAssertEqual(gtk_widget_get_visible(page.reports.scroller), 0)
    }
  }

  func testAChainThatDoesNotReachTheTopSaysWhy() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      let page = try XCTUnwrap(window.openPersonPage(at: Self.position(of: "lost", in: window)))
      XCTAssertEqual(page.chainTexts, [])
      XCTAssertEqual(page.chainNoteText, "The manager “ghost” is not in the directory")
      window.goBack()
      XCTAssertNil(window.shownPersonPage)
      XCTAssertNotNil(window.openPersonPage(at: Self.position(of: "a", in: window)))
      XCTAssertTrue(Self.waitForPage(window, showing: "a"))
      XCTAssertEqual(page.chainTexts, ["b"])
      XCTAssertEqual(
        page.chainNoteText, "The managers come round to a again; the chain stops there")
    }
  }

  func testBackAndForwardWalkThePagesAndAGroupsPeople() throws {
    try MainActor.assumeIsolated {
      let (window, folder) = try Self.open()
      defer { window.close() }
      _ = folder
      XCTAssertFalse(window.canGoBack)
      window.select(Self.position(of: "dev", in: window))
      let page = try XCTUnwrap(window.openPersonPage(at: Self.position(of: "dev", in: window)))
      cgtk_emit(gobject(page.chainLinks[0]), "clicked")
      XCTAssertTrue(Self.waitForPage(window, showing: "Cy Chief"))

      window.activate(.back)
      XCTAssertTrue(Self.waitForPage(window, showing: "Dee Dev"))
      XCTAssertTrue(window.canGoForward)
      window.activate(.forward)
      XCTAssertTrue(Self.waitForPage(window, showing: "Cy Chief"))
      window.goBack()
      XCTAssertTrue(Self.waitForPage(window, showing: "Dee Dev"))

      // A group's link shows its people in the list, the group chosen.
      cgtk_emit(gobject(page.groupLinks[0]), "clicked")
      XCTAssertTrue(
        MainContext.run(until: {
          window.shownPersonPage == nil && window.model.elements.map(\.username) == ["lead", "dev"]
        }), "the group's people did not show")
      XCTAssertEqual(window.subtitle, "Platform — 2 people")
      XCTAssertEqual(window.header.titleText, "Roster")
      window.goBack()
      XCTAssertTrue(Self.waitForPage(window, showing: "Dee Dev"))
      // Back to the list as it was: everyone, the person selected.
      window.goBack()
      XCTAssertTrue(
        MainContext.run(until: {
          window.shownPersonPage == nil && window.model.count == 11 && !window.local.isFiltering
        }), "everyone did not show again")
      XCTAssertEqual(window.selectedPosition, Self.position(of: "dev", in: window))
      XCTAssertNil(window.shownGroup)
      XCTAssertFalse(window.canGoBack)
      XCTAssertEqual(gtk_widget_get_visible(window.header.backButton), 0)
      // Forward again: the person, then the group.
      window.goForward()
      XCTAssertTrue(Self.waitForPage(window, showing: "Dee Dev"))
      window.goForward()
      XCTAssertTrue(
        MainContext.run(until: { window.model.elements.map(\.username) == ["lead", "dev"] }))
      XCTAssertEqual(window.shownGroup, 0)
    }
  }

  func testBackPutsTheScrollAndTheSelectionOfAViewBack() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openEmbeddedWindow(pipeline: nil)
      defer { window.close() }
      let adjustment = try XCTUnwrap(gtk_scrollable_get_vadjustment(gtkObject(window.listView)))
      gtk_adjustment_set_value(adjustment, 20_000)
      WindowTestSupport.waitForFrames(window)
      let visible = window.local.viewport.visible
      window.select(visible.lowerBound + 2)
      let scrolled = gtk_adjustment_get_value(adjustment)
      let selected = try XCTUnwrap(window.model[visible.lowerBound + 2].viewModel.identity)
      XCTAssertGreaterThan(scrolled, 10_000)

      // A group, then a filter: each a place Back returns to.
      XCTAssertTrue(window.showGroup(1))
      XCTAssertTrue(
        MainContext.run(until: { window.model.count == window.local.groups[1].members.count }))
      XCTAssertTrue(window.setFilterText(#"title co "Engineer""#))
      XCTAssertTrue(
        MainContext.run(until: { !window.local.isFiltering && window.subtitle.contains(" of ") }))
      window.goBack()
      XCTAssertTrue(
        MainContext.run(until: {
          !window.local.isFiltering && window.model.count == window.local.groups[1].members.count
        }), "the group without the filter did not come back")
      XCTAssertEqual(window.shownFilter, nil)
      window.goBack()
      XCTAssertTrue(
        MainContext.run(until: {
          window.model.count == 2_000 && !window.local.isFiltering
            && abs(gtk_adjustment_get_value(adjustment) - scrolled) < 1
        }), "the scroll did not come back: \(gtk_adjustment_get_value(adjustment)) ≠ \(scrolled)")
      XCTAssertEqual(window.selectedPosition.map { window.model[$0].viewModel.identity }, selected)
      XCTAssertNil(window.shownGroup)
    }
  }

  func testTheMousesBackButtonGoesBack() throws {
    try MainActor.assumeIsolated {
      let (window, id) = try XInput.openWindow()
      defer { window.close() }
      XCTAssertNotNil(window.openPersonPage(at: 3))
      _ = try XInput.xdotool(["mousemove", "--window", id, "240", "300", "click", "8"])
      XCTAssertTrue(
        MainContext.run(until: { window.shownPersonPage == nil }, timeout: .seconds(5)),
        "button 8 did not go back")
      _ = try XInput.xdotool(["click", "9"])
      XCTAssertTrue(
        MainContext.run(until: { window.shownPersonPage != nil }, timeout: .seconds(5)),
        "button 9 did not go forward")
    }
  }
}
