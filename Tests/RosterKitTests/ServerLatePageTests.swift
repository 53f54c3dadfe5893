import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// The window on a real slapd behind a ``DelayingTCPProxy``: pages arrive
/// late (0-500 ms a chunk, seeded), or are held while the list jumps away,
/// so they come back after their rows were recycled to other positions.
/// Whatever arrives when, every filled row shows the entry of its own
/// position.
///
/// The counts are exact on any machine: pages the list must throw away are
/// held at the proxy (paused) until the list has jumped past them, and the
/// test waits for the list's layout and frames, not for a span of time,
/// before it counts what is in flight. Only the first walk lets the seeded
/// delays decide the order pages arrive in; what it checks (each row shows
/// its own entry) holds for every order.
final class ServerLatePageTests: ServerTestCase {
  private static let people = 3_000

  override class func makeServer() throws -> TestServer {
    try TestServer(people: TestPeople.people(count: people, seed: 11))
  }

  func testPagesThatArriveAfterTheirRowsMovedOnNeverFillAnotherPosition() throws {
    try MainActor.assumeIsolated {
      let server = try Self.server()
      let proxy = try Self.proxy(to: server, seed: 7)
      defer { _ = try? runBlocking { try await proxy.stop() } }
      let window = try Self.openWindow(url: Self.peopleURL(through: proxy))
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertEqual(page.model.count, Self.people + 2)

      // A fast walk down many screens: most fetches are overtaken by the next step.
      let adjustment = gtk_scrollable_get_vadjustment(gtkObject(page.listView))!
      let screen = gtk_adjustment_get_page_size(adjustment)
      XCTAssertGreaterThan(screen, 0)
      for step in 1...25 {
        gtk_adjustment_set_value(adjustment, Double(step) * 3 * screen)
        WindowTestSupport.waitForFrames(window, 1)
      }
      waitUntilFilled(page)
      try assertFilledRowsShowTheirOwnEntries(page, server: server)

      // Held pages, then a jump away before the main actor hears of them:
      // they arrive for fetches the list has cancelled, and are thrown away.
      let before = page.model.statistics
      proxy.pause()
      page.scroll(toTop: 1_790)
      // The list lays out at the jump and asks for every page it shows;
      // none can arrive while the proxy holds them.
      Self.settle(window, page, at: 1_790)
      let held = page.model.fetchesInFlight
      XCTAssertGreaterThan(held, 0, "the jump fetched nothing")
      let directory = try XCTUnwrap(window.server?.directory as? LDAPDirectory)
      let windowsRead = directory.statistics.rangesRead
      XCTAssertEqual(page.model.statistics.arrived, before.arrived, "a page got past the pause")
      proxy.resume()
      // The main loop does not run here, so each window the directory
      // finishes waits for the main actor while the list still counts its
      // fetch as running.
      XCTAssertTrue(
        Self.wait(until: { directory.statistics.rangesRead >= windowsRead + held }),
        "the held windows were not read")
      page.scroll(toTop: 2_600)
      waitUntilFilled(page)
      let late = page.model.statistics
      XCTAssertEqual(late.discardedLate - before.discardedLate, held, "late pages were kept")
      XCTAssertGreaterThanOrEqual(late.cancelled - before.cancelled, held)
      try assertFilledRowsShowTheirOwnEntries(page, server: server)

      // Several jumps while nothing gets through: each cancels the fetches of the last.
      proxy.pause()
      for target in [400, 2_950, 1_200, 2_200] {
        Self.jump(page, to: target)
        Self.settle(window, page, at: target)
      }
      proxy.resume()
      waitUntilFilled(page)
      let jumps = page.model.statistics
      XCTAssertGreaterThanOrEqual(
        jumps.cancelled - late.cancelled, 3, "the jumps cancelled nothing")
      XCTAssertEqual(jumps.discardedStale, 0, "nothing reset the list")
      let checked = try assertFilledRowsShowTheirOwnEntries(page, server: server)
      XCTAssertGreaterThanOrEqual(checked, page.viewport.visible.count)
      print(
        "late pages: \(jumps), \(proxy.chunksReceived) chunks through the proxy, "
          + "\(checked) filled rows checked")
    }
  }

  /// A page that fails after its window closed (the server went away while
  /// it was read) tells nothing to the closed window: its banner was freed
  /// with the window, and showing the failure there read freed widgets.
  func testAPageThatFailsAfterItsWindowClosedReachesNothingOfTheWindow() throws {
    try MainActor.assumeIsolated {
      let server = try Self.server()
      let proxy = try Self.proxy(to: server, delays: 0...0, seed: 5)
      let window = try Self.openWindow(url: Self.peopleURL(through: proxy))
      let page = try XCTUnwrap(window.server)
      let model = page.model
      waitUntilFilled(page)
      let criticals = GtkCriticals()
      defer { criticals.remove() }

      proxy.pause()
      page.scroll(toTop: 1_790)
      XCTAssertGreaterThan(model.fetchesInFlight, 0, "the jump fetched nothing")
      let failedBefore = model.statistics.failed
      window.close()
      _ = try runBlocking { try await proxy.stop() }
      XCTAssertTrue(
        MainContext.run(
          until: { model.fetchesInFlight == 0 && model.statistics.failed > failedBefore },
          timeout: .seconds(10)), "the held pages did not fail")
      MainContext.run(for: .milliseconds(50))
      XCTAssertEqual(criticals.messages, [])
    }
  }

  /// Waits until `page` shows `position` and the window has painted two
  /// frames there: the fetches of that screen are asked for as its rows
  /// are laid out, so all of them are made.
  @MainActor private static func settle(
    _ window: MainWindow, _ page: ServerReader, at position: Int,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertTrue(
      MainContext.run(until: { page.viewport.visible.contains(position) }, timeout: .seconds(10)),
      "the list did not reach \(position)", file: file, line: line)
    WindowTestSupport.waitForFrames(window, 2, file: file, line: line)
  }

  /// Polls `condition` without running the main loop (it is read off the main thread's work).
  @MainActor private static func wait(until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      usleep(1_000)
    }
    return true
  }
}
