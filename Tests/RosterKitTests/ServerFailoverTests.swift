import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import SharedSupport
import TestSupport
import XCTest

@testable import RosterKit

/// The window on two slapd processes with the same people, named by one URL
/// list: the first is killed while a flick flings the list, and the list
/// carries on from the second — a banner says so while it switches, pages
/// arrive again, and every row shows the person of its position.
final class ServerFailoverTests: XCTestCase {
  nonisolated(unsafe) private static var servers: [TestServer] = []
  private static let people = 5_000
  /// How long pages may take to resume after the kill, in a debug build on
  /// a loaded machine (the aim is 2 s; the test prints what it measured).
  private static let resumeBound = Duration.seconds(10)

  override class func setUp() {
    super.setUp()
    let people = TestPeople.people(count: Self.people, seed: 21)
    do {
      servers = try (0..<2).map { _ in try TestServer(people: people) }
    } catch {
      XCTFail("could not start slapd: \(error)")
    }
  }

  override class func tearDown() {
    for server in servers { server.shutDown() }
    servers = []
    super.tearDown()
  }

  func testAServerKilledDuringAFlingIsReplacedByTheNextWithEveryRowRight() throws {
    try MainActor.assumeIsolated {
      XCTAssertEqual(Self.servers.count, 2, "no slapd")
      let (first, second) = (Self.servers[0], Self.servers[1])
      let window = try ServerTestCase.openWindow(url: "\(first.server.url) \(second.peopleURL)")
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let directory = try XCTUnwrap(window.server?.directory as? LDAPDirectory)
      let scroller = try XCTUnwrap(page.list.dragScroller)
      let id = try XInput.windowID(of: window)
      XCTAssertEqual(page.model.count, Self.people + 2)

      // Near the end of a page, so that the fling needs the next one.
      page.scroll(toTop: 2_440)
      waitUntilFilled(page)
      XCTAssertEqual(page.model.fetchesInFlight, 0)
      let before = page.model.statistics

      try Self.flick(id)
      XCTAssertTrue(
        MainContext.run(until: { scroller.isFlinging }, timeout: .seconds(5)),
        "the flick did not fling")
      first.server.crash()
      let killed = ContinuousClock.now

      // Pages resume: the first one that arrives after the kill (nothing
      // was in flight then, so it was read after it), while the banner
      // tells of the switch. Whenever the list stops with nothing to
      // fetch (a short fling, or the banner's slide cancelled the fetch
      // it needed), another flick moves it on.
      var banner: String?
      var flicks = 1
      var asked: ContinuousClock.Instant?
      let resumed = MainContext.run(
        until: {
          banner = banner ?? window.bannerMessage
          if page.model.statistics.started > before.started { asked = asked ?? .now }
          let idle = page.model.fetchesInFlight == 0 && page.model.fetchesWaiting == 0
          if idle && !scroller.isFlinging && flicks < 8 {
            flicks += 1
            _ = try? Self.flick(id)
          }
          return page.model.statistics.arrived > before.arrived
        }, timeout: Self.resumeBound)
      let resumeTime = ContinuousClock.now - killed
      let waitTime = ContinuousClock.now - (asked ?? killed)
      XCTAssertTrue(
        resumed,
        "no page arrived within \(Self.resumeBound) of the kill: \(page.model.statistics), "
          + "\(directory.statistics)")
      XCTAssertLessThan(resumeTime, Self.resumeBound)
      banner = banner ?? window.bannerMessage
      XCTAssertEqual(
        banner, "Lost \(first.server.url); continuing on \(second.server.url)",
        "the banner did not tell of the switch")
      try assertFilledRowsShowTheirOwnEntries(page, server: second)

      // More pages from the second server while the list keeps moving.
      let resumedAt = page.model.statistics.arrived
      var more = 0
      while page.model.statistics.arrived < resumedAt + 2 && more < 12 {
        try Self.flick(id)
        more += 1
        // A press during a fling stops it: let each one run out.
        MainContext.run(until: { scroller.isFlinging }, timeout: .seconds(2))
        MainContext.run(until: { !scroller.isFlinging }, timeout: .seconds(10))
      }
      waitUntilFilled(page)
      XCTAssertGreaterThanOrEqual(
        page.model.statistics.arrived, resumedAt + 2, "the list did not scroll into new pages")
      let checked = try assertFilledRowsShowTheirOwnEntries(page, server: second)
      XCTAssertGreaterThanOrEqual(checked, page.viewport.visible.count)
      let statistics = page.model.statistics
      XCTAssertEqual(statistics.failed, 0, "a page was lost: \(statistics)")
      XCTAssertEqual(page.model.count, Self.people + 2)
      XCTAssertEqual(directory.statistics.failovers, 1, "\(directory.statistics)")
      XCTAssertEqual(directory.currentServer.port, second.server.port)
      XCTAssertTrue(
        MainContext.run(until: { window.bannerMessage == nil }, timeout: .seconds(10)),
        "the banner stayed after pages arrived again")
      print(
        "failover: pages resumed \(Self.milliseconds(resumeTime)) ms after the kill "
          + "(\(flicks) flicks, then \(more)), \(Self.milliseconds(waitTime)) ms after the list asked for one; "
          + "\(checked) rows checked; \(directory.statistics)")
    }
  }

  private static func milliseconds(_ duration: Duration) -> String {
    String(format: "%.0f", duration.inMilliseconds)
  }

  /// A quick upward drag in the middle of the window: the list flings down.
  @MainActor private static func flick(_ id: String) throws {
    var flick = ["mousemove", "--window", id, "240", "650", "mousedown", "1"]
    flick += ["mousemove_relative", "--", "0", "-20", "sleep", "0.02"]
    for _ in 0..<10 { flick += ["mousemove_relative", "--", "0", "-40"] }
    flick += ["mouseup", "1"]
    _ = try XInput.xdotool(flick)
  }
}
