import Directory
import DirectorySCIM
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The window on a real scim2-server (started by the tests on 127.0.0.1),
/// opened the way a dialog opens it: `ServerOptions` with the token already
/// held (`secret`) and a scim+http:// URL. The list is sized from the
/// server's count, sorted by username, and search runs on the server.
final class ServerSCIMWindowTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestSCIMServer?
  private static let people = 300

  override class func tearDown() {
    server?.kill()
    server = nil
    super.tearDown()
  }

  @MainActor private static func openWindow() throws -> MainWindow {
    if server == nil {
      server = try runBlocking { try await TestSCIMServer(people: TestSCIMServer.people(people)) }
    }
    var options = ServerOptions()
    options.secret = Secret(TestSCIMServer.token)
    let directory = try options.directory(url: try XCTUnwrap(server).url, environment: [:])
    return try ServerTestCase.openWindow(directory: directory)
  }

  func testTheListIsSortedByUsernameAndSearchRunsOnTheServer() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(page.model.count, Self.people)
      XCTAssertEqual(window.subtitle, "300 people · 127.0.0.1")
      XCTAssertEqual(page.model[0]?.username, "user0000")
      window.setSearchText(#""Q0007""#)
      XCTAssertTrue(
        MainContext.run(until: { page.model.count == 1 && page.model[0] != nil }),
        "the search did not narrow the list to the one display name with the quotes")
      XCTAssertEqual(page.model[0]?.username, "user0007")
      XCTAssertEqual(window.subtitle, "1 of 300 people · 127.0.0.1")
    }
  }
}
