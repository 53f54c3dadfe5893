import CGtk
import Directory
import DirectoryLDAP
import DirectorySCIM
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// A server without Content Sync (slapd without syncprov): the first
/// screen a window showed is kept, and the next window shows it at once,
/// marked as cached, while the server has not answered (a paused proxy
/// holds its answers), then the server's first window replaces it in place.
final class ServerFirstScreenTests: ServerTestCase {
  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: 250, seed: 37))
  }

  nonisolated(unsafe) private var cacheRoot: URL!

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
    cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-first-screen-\(UUID().uuidString)")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: cacheRoot)
    super.tearDown()
  }

  @MainActor private static func openWindow(url: String, screen: FirstScreenFile) throws
    -> MainWindow
  {
    openWindow(directory: try LDAPDirectory(url: url), screen: screen)
  }

  @MainActor private static func openWindow(
    directory: any RangedDirectory, screen: FirstScreenFile
  ) -> MainWindow {
    let window = MainWindow(
      application: nil, content: .server(directory, firstScreen: screen), pipeline: nil)
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    return window
  }

  func testTheLastFirstScreenShowsAtOnceMarkedCachedThenTheServersReplacesIt() throws {
    let cacheRoot = cacheRoot!
    try MainActor.assumeIsolated {
      let server = try Self.server()
      let directory = try LDAPDirectory(url: server.peopleURL)
      let screen = try XCTUnwrap(FirstScreenFile(for: directory, cacheRoot: cacheRoot))
      XCTAssertNil(screen.read(), "nothing kept yet")

      let first = try Self.openWindow(url: server.peopleURL, screen: screen)
      XCTAssertTrue(
        MainContext.run(until: { first.hasVisibleRows && !first.isLoading }, timeout: .seconds(20)))
      XCTAssertFalse(first.subtitle.contains("cached"), first.subtitle)
      let count = try XCTUnwrap(first.serverPage).count
      XCTAssertTrue(
        MainContext.run(until: { screen.read() != nil }, timeout: .seconds(10)),
        "the first screen is kept for the next time")
      first.close()
      let kept = try XCTUnwrap(screen.read())
      XCTAssertEqual(kept.count, count)
      XCTAssertEqual(
        kept.people.map(\.username),
        try Self.usernames(directory, count: FirstScreen.maxPeople))
      // Private: the folder 0700, the files 0600.
      var status = stat()
      XCTAssertEqual(stat(screen.folder.path, &status), 0)
      XCTAssertEqual(status.st_mode & 0o777, 0o700)
      for name in try FileManager.default.contentsOfDirectory(atPath: screen.folder.path) {
        XCTAssertEqual(stat(screen.folder.appendingPathComponent(name).path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600, name)
      }

      // The next time, the server has not answered yet.
      let proxy = try Self.proxy(to: server, delays: 0...0, seed: 1)
      try Self.assertCachedThenLive(
        through: proxy, directory: try LDAPDirectory(url: Self.peopleURL(through: proxy)),
        screen: screen, first: kept.people[0].username, count: count)
    }
  }

  func testASCIMServiceShowsItsLastFirstScreenAtOnceToo() throws {
    let cacheRoot = cacheRoot!
    try MainActor.assumeIsolated {
      let server = try runBlocking { try await TestSCIMServer(people: TestSCIMServer.people(150)) }
      defer { server.kill() }
      var options = ServerOptions()
      options.secret = Secret(TestSCIMServer.token)
      let direct = try options.directory(url: server.url, environment: [:])
      let screen = try XCTUnwrap(FirstScreenFile(for: direct, cacheRoot: cacheRoot))
      let first = Self.openWindow(directory: direct, screen: screen)
      XCTAssertTrue(
        MainContext.run(until: { first.hasVisibleRows && !first.isLoading }, timeout: .seconds(20)))
      XCTAssertTrue(MainContext.run(until: { screen.read() != nil }, timeout: .seconds(10)))
      first.close()
      XCTAssertEqual(screen.read()?.count, 150)

      let proxy = try runBlocking {
        try await DelayingTCPProxy.start(targetPort: server.port, delays: 0...0, seed: 2)
      }
      try Self.assertCachedThenLive(
        through: proxy,
        directory: try options.directory(
          url: "scim+http://127.0.0.1:\(proxy.port)/v2", environment: [:]),
        screen: screen, first: "user0000", count: 150)
    }
  }

  /// A window on `directory` (reached through `proxy`, paused until the
  /// cached screen showed): the cached screen at once, marked, then the
  /// server's rows in its place.
  @MainActor private static func assertCachedThenLive(
    through proxy: DelayingTCPProxy, directory: any RangedDirectory, screen: FirstScreenFile,
    first: String, count: Int, line: UInt = #line
  ) throws {
    proxy.pause()
    let window = openWindow(directory: directory, screen: screen)
    defer {
      window.close()
      _ = try? runBlocking { try await proxy.stop() }
    }
    XCTAssertTrue(
      MainContext.run(until: { window.hasVisibleRows }, timeout: .seconds(5)), line: line)
    let page = try XCTUnwrap(window.serverPage, line: line)
    XCTAssertTrue(page.showsCachedScreen, line: line)
    XCTAssertTrue(window.subtitle.hasSuffix("cached"), window.subtitle, line: line)
    XCTAssertEqual(page.count, count, line: line)
    XCTAssertEqual(page.model[0]?.username, first, line: line)
    proxy.resume()
    XCTAssertTrue(
      MainContext.run(
        until: { !page.showsCachedScreen && !window.isLoading && page.model[0] != nil },
        timeout: .seconds(20)), "the server's first window replaced the cached screen",
      line: line)
    XCTAssertFalse(window.subtitle.contains("cached"), window.subtitle, line: line)
    XCTAssertEqual(page.count, count, line: line)
    XCTAssertEqual(page.model[0]?.username, first, line: line)
    XCTAssertTrue(window.hasVisibleRows, line: line)
  }

  func testEachServerAndBaseHasAFileOfItsOwn() throws {
    let server = try Self.server()
    let people = try LDAPDirectory(url: server.peopleURL)
    let again = try LDAPDirectory(url: server.peopleURL)
    let everyone = try LDAPDirectory(url: "\(server.server.url)/\(TestServer.suffix)??sub")
    let file = { (directory: LDAPDirectory) in
      FirstScreenFile(for: directory, cacheRoot: self.cacheRoot)?.name
    }
    XCTAssertEqual(file(people), file(again))
    XCTAssertNotEqual(file(people), file(everyone))
    XCTAssertFalse(try XCTUnwrap(file(people)).contains("127.0.0.1"), "the name names no server")
  }
}
