import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import PreparedImages
import TestSupport
import XCTest

@testable import RosterKit

/// The two pictures of docs/LDAP.md's window on a server, taken from a real
/// slapd with photos behind a ``DelayingTCPProxy``: the rows as skeletons
/// while the pages are held, then filled with their names and photos. Saved
/// under .build/screenshots (copied into docs/screenshots by hand).
final class ServerScreenshotTests: ServerTestCase {
  private static let people = 1_000

  override class func makeServer() throws -> TestServer {
    // Two in three people carry one of the demo avatars; the rest show initials.
    let avatars = try TestPeople.jpegPhotos(40)
    let photos = (0..<(people * 2 / 3)).map { avatars[$0 % avatars.count] }
    return try TestServer(people: TestPeople.people(count: people, seed: 3, photos: photos))
  }

  func testSkeletonRowsThenFilledRows() throws {
    try MainActor.assumeIsolated {
      let server = try Self.server()
      // Every answer waits at least 300 ms: the proxy is paused before the
      // pages that follow the first window can arrive.
      let proxy = try Self.proxy(to: server, delays: 300...500, seed: 3)
      defer { _ = try? runBlocking { try await proxy.stop() } }
      let window = try Self.openWindow(
        url: Self.peopleURL(through: proxy),
        pipeline: ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()),
        waitForRows: false)
      defer { window.close() }
      XCTAssertTrue(
        MainContext.run(until: { !window.isLoading }, timeout: .seconds(20)), "no first window")
      proxy.pause()
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(page.model.count, Self.people + 2)
      XCTAssertTrue(
        MainContext.run(until: { !page.viewport.visible.isEmpty }, timeout: .seconds(5)))
      WindowTestSupport.waitUntilStill(window)
      XCTAssertEqual(page.skeletonRows().visible, page.viewport.visible.count, "a row filled")
      try Screenshot.save(window.window, to: Self.path("ldap-skeleton.png"))

      proxy.setDelays(0...100)
      proxy.resume()
      XCTAssertTrue(
        MainContext.run(
          until: { window.hasVisibleRows && window.visibleRowsWaitingForAvatars == 0 },
          timeout: .seconds(20)), "the rows and photos did not fill")
      WindowTestSupport.waitUntilStill(window)
      try Screenshot.save(window.window, to: Self.path("ldap.png"))
      print("screenshots: \(Self.path("ldap-skeleton.png")), \(Self.path("ldap.png"))")
    }
  }

  private static func path(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../.build/screenshots/\(name)").standardizedFileURL.path
  }
}
