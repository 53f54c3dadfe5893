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

  func testAFailedRefreshKeepsTheOldRowsAndSaysSoInAToastThenABanner() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada", "grace", "linus"])
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      XCTAssertNil(window.bannerMessage)
      XCTAssertFalse(window.isFailureToastShown)

      try directory.write("[{\"username\": \"ada\"}, {\"username\": ")  // truncated
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      XCTAssertEqual(window.state, .list, "the list must stay on screen")
      XCTAssertEqual(window.model.count, 3)
      XCTAssertEqual(window.subtitle, "3 people")
      XCTAssertNil(window.bannerMessage, "one failure is a toast, not a banner")
      XCTAssertTrue(window.isFailureToastShown)
      let toast = try XCTUnwrap(window.lastToast)
      XCTAssertTrue(toast.hasPrefix("Can't retrieve the directory: "), toast)

      window.refresh()
      WindowTestSupport.waitForLoad(window)
      XCTAssertEqual(window.model.count, 3)
      let banner = try XCTUnwrap(window.bannerMessage, "a second failure in a row is a banner")
      XCTAssertTrue(banner.hasPrefix("Can't retrieve the directory: "), banner)
      XCTAssertFalse(window.isFailureToastShown, "the banner replaces the toast")

      try directory.writeUsers(["ada", "grace", "linus", "ken"])
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      XCTAssertNil(window.bannerMessage, "a successful retry clears the banner")
      XCTAssertEqual(window.model.count, 4)
    }
  }

  func testTheFailedRefreshToastsRetryButtonRefreshes() throws {
    try MainActor.assumeIsolated {
      try WindowTestSupport.setUp()
      let directory = try TemporaryDirectory()
      try directory.writeUsers(["ada", "grace"])
      let window = WindowTestSupport.openWindow(
        source: WindowTestSupport.fileSource(directory.usersFile))
      defer { window.close() }
      try directory.write("{")  // the refresh fails
      window.refresh()
      WindowTestSupport.waitForLoad(window)
      let retry = try XCTUnwrap(window.failureToastButton, "no Retry on the toast")

      try directory.writeUsers(["ada", "grace", "linus"])
      XCTAssertNotEqual(gtk_widget_activate(retry), 0)
      XCTAssertTrue(
        MainContext.run(until: { window.model.count == 3 }, timeout: .seconds(10)),
        "Retry did not refresh")
      XCTAssertFalse(window.isFailureToastShown, "a success takes the failure's toast away")
      XCTAssertNil(window.bannerMessage)
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
