import Foundation
import XCTest

@testable import RosterKit

/// Which Roster owns org.roster.Roster: D-Bus activation and a plain window
/// with a session bus; never headless runs, a `--source` window or a run
/// without a bus.
final class ApplicationModeTests: XCTestCase {
  private let bus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/roster-test-bus"]

  func testAPlainWindowAndDBusActivationAreUnique() {
    XCTAssertEqual(ApplicationMode.of(RosterOptions(), environment: bus), .unique(service: false))
    var service = RosterOptions()
    service.isService = true
    XCTAssertEqual(ApplicationMode.of(service, environment: bus), .unique(service: true))
  }

  func testHeadlessRunsAndASourceStayIndependent() {
    var screenshot = RosterOptions()
    screenshot.screenshot = "/tmp/shot.png"
    var quit = RosterOptions()
    quit.quitAfterLoad = true
    var source = RosterOptions()
    source.source = "/tmp/users.json"
    for options in [screenshot, quit, source] {
      XCTAssertEqual(ApplicationMode.of(options, environment: bus), .independent)
    }
  }

  func testWithoutASessionBusNothingIsUnique() {
    var service = RosterOptions()
    service.isService = true
    let none = ["XDG_RUNTIME_DIR": "/nonexistent-roster-runtime"]
    XCTAssertEqual(ApplicationMode.of(RosterOptions(), environment: none), .independent)
    XCTAssertEqual(ApplicationMode.of(service, environment: [:]), .independent)
    XCTAssertEqual(
      ApplicationMode.of(RosterOptions(), environment: ["DBUS_SESSION_BUS_ADDRESS": ""]),
      .independent)
  }
}
