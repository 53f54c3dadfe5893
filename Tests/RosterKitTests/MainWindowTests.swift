import CGtk
import Directory
import Foundation
import GtkKit
import RosterKit
import XCTest

final class MainWindowTests: XCTestCase {
  func testRosterStartsOnTheEmbeddedDirectoryAndShowsTwoThousandPeople() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openWindow(source: RosterApplication.resolveSource(nil))
      defer { window.close() }
      XCTAssertEqual(window.state, .list)
      XCTAssertEqual(window.model.count, 2_000)
      XCTAssertEqual(window.subtitle, "2,000 people")
      XCTAssertTrue(MainContext.run(until: { window.hasBoundRows }), "no rows were bound")
    }
  }

  func testRefreshShowsTheNewContentsOfTheSource() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada", "grace", "linus"])
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      XCTAssertEqual(window.model.count, 3)
      XCTAssertEqual(window.subtitle, "3 people")

      try directory.writeUsers(["ada", "grace", "linus", "margaret", "ken"])
      XCTAssertTrue(window.refresh())
      WindowTestSupport.waitForLoad(window)
      XCTAssertEqual(window.model.count, 5)
      XCTAssertEqual(window.model[4].username, "ken")
      XCTAssertEqual(window.subtitle, "5 people")
    }
  }

  func testTheRefreshActionReloadsAndRepeatedRequestsCoalesce() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada"])
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      try directory.writeUsers(["ada", "grace"])
      // What Ctrl+R, F5 and the header-bar button activate.
      XCTAssertNotEqual(gtk_widget_activate_action_variant(window.window, "win.refresh", nil), 0)
      XCTAssertTrue(window.isLoading)
      XCTAssertFalse(window.refresh(), "a second request while loading must join the running load")
      WindowTestSupport.waitForLoad(window)
      XCTAssertEqual(window.model.count, 2)
    }
  }

  func testAMissingSourceShowsTheErrorStateWithTheReason() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(URL(fileURLWithPath: "/nonexistent/roster/users.json"))
      )
      defer { window.close() }
      guard case .failed(let message) = window.state else {
        return XCTFail("expected the error state, got \(window.state)")
      }
      XCTAssertTrue(message.hasPrefix("Can't retrieve the directory: "), message)
      XCTAssertTrue(message.contains("/nonexistent/roster/users.json"), message)
      XCTAssertEqual(window.model.count, 0)
    }
  }

  func testAFileThatIsNotJSONShowsTheErrorState() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.write("<html>not a directory</html>")
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      guard case .failed(let message) = window.state else {
        return XCTFail("expected the error state, got \(window.state)")
      }
      XCTAssertTrue(message.hasPrefix("Can't retrieve the directory: "), message)
    }
  }

  func testAFailedRefreshKeepsTheOldRowsAndShowsABanner() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada", "grace", "linus"])
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      XCTAssertNil(window.bannerMessage)

      try directory.write("[{\"username\": \"ada\"}, {\"username\": ")  // truncated
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      XCTAssertEqual(window.state, .list, "the list must stay on screen")
      XCTAssertEqual(window.model.count, 3)
      XCTAssertEqual(window.subtitle, "3 people")
      let banner = try XCTUnwrap(window.bannerMessage)
      XCTAssertTrue(banner.hasPrefix("Can't retrieve the directory: "), banner)

      try directory.writeUsers(["ada", "grace", "linus", "ken"])
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      XCTAssertNil(window.bannerMessage, "a successful retry clears the banner")
      XCTAssertEqual(window.model.count, 4)
    }
  }

  func testAnEmptyDirectoryShowsTheEmptyState() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.write("[]")
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      XCTAssertEqual(window.state, .empty)
      XCTAssertEqual(window.subtitle, "0 people")
    }
  }
}
