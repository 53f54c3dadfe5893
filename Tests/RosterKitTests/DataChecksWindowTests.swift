import CGtk
import Directory
import Foundation
import GtkKit
import XCTest

@testable import RosterKit

/// "Check Data…" in a real window: the findings of a users.json with an
/// unknown manager, a loop and a shared address listed in a window of
/// their own, a line opening its person in the main window; a clean
/// directory says there is nothing to fix; a server read by ranges says
/// why it cannot be checked.
final class DataChecksWindowTests: XCTestCase {
  private static let directory = """
    {"people": [
      {"username": "ceo", "displayName": "Cy Chief", "email": "cy@example.com", "phone": "1"},
      {"username": "lost", "displayName": "Lo St", "manager": "ghost",
       "email": "CY@example.com", "phone": "2"},
      {"username": "a", "displayName": "Al Pha", "manager": "b", "email": "a@example.com",
       "phone": "3"},
      {"username": "b", "displayName": "Be Ta", "manager": "a", "email": "b@example.com",
       "phone": "4"}]}
    """

  /// Opens the checks of `window`'s directory and waits for their answer.
  @MainActor private static func checks(of window: MainWindow) throws -> DataChecksWindow {
    XCTAssertTrue(window.activate(.checkData))
    let checks = try XCTUnwrap(DataChecksWindow.shown.last)
    XCTAssertTrue(
      MainContext.run(until: { checks.shownPage != "working" }, timeout: .seconds(10)),
      "the checks did not end")
    return checks
  }

  func testTheFindingsAreListedAndALineOpensItsPerson() throws {
    try MainActor.assumeIsolated {
      let (window, _) = try WindowTestSupport.open(Self.directory)
      defer { window.close() }
      let checks = try Self.checks(of: window)
      defer { checks.close() }
      XCTAssertEqual(checks.shownPage, "lines")
      XCTAssertEqual(checks.model.count, 5)
      XCTAssertEqual(checks.subtitle, "5 things to fix")
      XCTAssertTrue(MainContext.run(until: { checks.shownLines.count == 5 }, timeout: .seconds(5)))
      XCTAssertEqual(
        checks.shownLines[0],
        ["Unknown manager", "Lo St (lost)", "Reports to “ghost”, who is not in the directory"])
      XCTAssertEqual(
        checks.shownLines[1],
        ["Manager loop", "Al Pha (a)", "Reports round in a loop: Al Pha → Be Ta → Al Pha"])
      XCTAssertEqual(
        checks.shownLines[3],
        ["Shared email address", "Cy Chief (ceo)", "cy@example.com is also the address of Lo St"])

      // A click on a line (the list's own activation) opens them in the window.
      gtk_widget_activate_action_variant(
        checks.listView, "list.activate-item", g_variant_new_uint32(2))
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.person?.username == "b" }, timeout: .seconds(5)),
        "the person did not open")
    }
  }

  func testACleanDirectoryHasNothingToFix() throws {
    try MainActor.assumeIsolated {
      let (window, _) = try WindowTestSupport.open(
        #"{"people": [{"username": "ceo", "email": "c@example.com", "phone": "1"}]}"#)
      defer { window.close() }
      let checks = try Self.checks(of: window)
      defer { checks.close() }
      XCTAssertEqual(checks.shownPage, "nothing")
      XCTAssertEqual(checks.subtitle, "0 things to fix")
      // Closed, it lets go of itself.
      checks.close()
      XCTAssertFalse(DataChecksWindow.shown.contains { $0 === checks })
    }
  }
}
