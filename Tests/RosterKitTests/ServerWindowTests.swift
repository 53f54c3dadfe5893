import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import PreparedImages
import TestSupport
import XCTest

@testable import RosterKit

/// The window on a real slapd (started by the tests on 127.0.0.1): the list
/// is sized from the server's count, rows fill in place as their pages
/// arrive, searching and refreshing happen on the server, and a server that
/// goes away leaves the rows on screen with a banner.
final class ServerWindowTests: XCTestCase {
  nonisolated(unsafe) private static var server: TestServer?
  private static let people = 3_000
  /// A JPEG header and then nothing a decoder can use.
  private static let brokenPhoto: [UInt8] =
    [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x41, count: 600)

  override class func setUp() {
    super.setUp()
    do {
      // The 41st person's photo is damaged: their row must keep the initials.
      let photos = try TestPeople.jpegPhotos(40) + [Self.brokenPhoto]
      server = try TestServer(
        people: TestPeople.people(count: Self.people, seed: 7, photos: photos))
    } catch {
      XCTFail("could not start slapd: \(error)")
    }
  }

  override class func tearDown() {
    server?.shutDown()
    server = nil
    super.tearDown()
  }

  /// A window on the test server, opened and showing its first rows.
  @MainActor private static func openWindow(
    pipeline: Bool = false, file: StaticString = #filePath, line: UInt = #line
  ) throws -> MainWindow {
    try WindowTestSupport.setUp()
    let server = try XCTUnwrap(Self.server, "no slapd", file: file, line: line)
    let directory = try LDAPDirectory(url: server.peopleURL)
    let window = MainWindow(
      application: nil, content: .server(directory),
      pipeline: pipeline
        ? ImagePipeline(configuration: WindowTestSupport.avatarConfiguration()) : nil)
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    XCTAssertTrue(
      MainContext.run(until: { !window.isLoading && window.hasVisibleRows }, timeout: .seconds(20)),
      "the first rows did not fill", file: file, line: line)
    return window
  }

  func testTheListIsSizedFromTheServersCountAndRowsFillInPlace() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let total = Self.people + 2
      XCTAssertEqual(window.state, .list)
      XCTAssertEqual(page.model.count, total, "the scrollbar spans the whole directory")
      XCTAssertEqual(window.subtitle, "3,002 people · 127.0.0.1")
      // Only the pages near the screen were read, not the directory.
      XCTAssertLessThanOrEqual(page.model.cachedPageCount, 3)
      // The first row is the first entry in the server's sort order.
      let first = try XCTUnwrap(Self.server).ldapsearch([
        "-E", "!sss=uid:caseIgnoreOrderingMatch", "-E", "!vlv=0/0/1/0", "uid",
      ])
      let uid = first.split(separator: "\n").first { $0.hasPrefix("uid: ") }?.dropFirst(5)
      XCTAssertEqual(page.model[0]?.username, uid.map(String.init))
      // Rows were built once and filled in place: no row shows a skeleton now.
      MainContext.run(until: { page.skeletonRows().visible == 0 }, timeout: .seconds(10))
      XCTAssertEqual(page.skeletonRows().visible, 0)
      XCTAssertEqual(page.model.statistics.discardedStale, 0)
    }
  }

  func testAJumpToTheMiddleFillsTheRowsThere() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let middle = page.model.count / 2
      gtk_widget_activate_action_variant(
        page.listView, "list.scroll-to-item", g_variant_new_uint32(guint(middle)))
      XCTAssertTrue(
        MainContext.run(
          until: { page.viewport.visible.contains(middle) && page.skeletonRows().visible == 0 },
          timeout: .seconds(10)), "the rows in the middle did not fill")
      let direct = try LDAPDirectory(url: try XCTUnwrap(Self.server).peopleURL)
      let expected = try runBlocking { try await direct.rows(middle..<(middle + 1)) }
      XCTAssertEqual(page.model[middle]?.identity, expected.entries.first?.id)
    }
  }

  /// A closed window's server list lets go of its factory and tracker (the
  /// window's handler of the list's visible rows held the presenter, which
  /// owns the list, and the list's rows held the tracker).
  func testClosingTheWindowFreesTheServerListsFactoryAndTracker() throws {
    try MainActor.assumeIsolated {
      weak var factory: ListFactory<UserRow>?
      weak var tracker: ViewportTracker?
      do {
        let window = try Self.openWindow()
        let page = try XCTUnwrap(window.server)
        factory = page.factory
        tracker = page.viewport
        window.close()
      }
      MainContext.run(until: { factory == nil && tracker == nil }, timeout: .seconds(5))
      XCTAssertNil(factory, "the closed window's row factory is still alive")
      XCTAssertNil(tracker, "the closed window's viewport tracker is still alive")
    }
  }

  func testSearchingHappensOnTheServerWithTheInputEscaped() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      window.setSearchText("*)(uid=*")
      XCTAssertTrue(
        MainContext.run(until: { page.model.count == 1 && page.model[0] != nil }),
        "the search did not narrow the list to the one entry that contains the text")
      XCTAssertEqual(page.model[0]?.username, TestPeople.injection.uid)
      XCTAssertEqual(window.subtitle, "1 of 3,002 people · 127.0.0.1")
      window.setSearchText("")
      XCTAssertTrue(MainContext.run(until: { page.model.count == Self.people + 2 }))
      XCTAssertEqual(window.subtitle, "3,002 people · 127.0.0.1")
    }
  }

  func testRefreshKeepsThePersonAtTheTopInPlace() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      gtk_widget_activate_action_variant(
        page.listView, "list.scroll-to-item", g_variant_new_uint32(1_000))
      MainContext.run(until: { page.viewport.visible.contains(1_000) }, timeout: .seconds(5))
      MainContext.run(until: { page.skeletonRows().visible == 0 }, timeout: .seconds(10))
      let top = page.viewport.visible.lowerBound
      let person = try XCTUnwrap(page.model[top]?.username)
      let setups = page.factory.statistics.setups
      XCTAssertTrue(window.refresh())
      XCTAssertTrue(MainContext.run(until: { !window.isLoading }, timeout: .seconds(10)))
      MainContext.run(until: { page.model[page.viewport.visible.lowerBound] != nil })
      XCTAssertEqual(page.model[page.viewport.visible.lowerBound]?.username, person)
      XCTAssertEqual(page.factory.statistics.setups, setups, "a refresh rebuilt rows")
    }
  }

  func testTheDetailsPanelShowsTheEntrysAttributes() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let details = try XCTUnwrap(window.openPersonPage(at: 0))
      // The person's details show at once; the entry's attributes replace them.
      XCTAssertTrue(
        MainContext.run(until: { details.attributes.lines.contains { $0.hasPrefix("uid: ") } }),
        "no attributes arrived")
      XCTAssertFalse(details.attributes.lines.contains { $0.hasPrefix("jpegPhoto") })
      window.goBack()
    }
  }

  func testPhotosShowInTheirRowsAndEntriesWithoutOneShowInitials() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(pipeline: true)
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      XCTAssertTrue(
        MainContext.run(until: { window.visibleRowsWaitingForAvatars == 0 }, timeout: .seconds(10)))
      var withoutPhoto = 0
      page.factory.forEachBoundRow { row, position in
        guard page.viewport.visible.contains(position), !row.showsSkeleton else { return }
        if !row.showsAvatar { withoutPhoto += 1 }
        XCTAssertEqual(row.showsAvatar, row.expectsAvatar, "row \(position)")
      }
      XCTAssertGreaterThan(withoutPhoto, 0, "entries without a photo keep their initials")
      // The first generated person carries a photo: alone in a search, its row shows it.
      let person = TestPeople.people(count: 1, seed: 7)[0]
      window.setSearchText(person.uid)
      XCTAssertTrue(MainContext.run(until: { page.model.count == 1 && page.model[0] != nil }))
      XCTAssertTrue(
        MainContext.run(
          until: {
            var shown = false
            page.factory.forEachBoundRow { row, position in
              if position == 0, row.showsAvatar { shown = true }
            }
            return shown
          }, timeout: .seconds(10)), "the photo read from the server did not show")
      // A damaged photo leaves the initials, once its load has failed.
      let damaged = TestPeople.people(count: 41, seed: 7)[40]
      window.setSearchText(damaged.uid)
      XCTAssertTrue(
        MainContext.run(until: { page.model.count == 1 && page.model[0]?.username == damaged.uid }))
      XCTAssertTrue(
        MainContext.run(until: { window.visibleRowsWaitingForAvatars == 0 }, timeout: .seconds(10)))
      page.factory.forEachBoundRow { row, position in
        guard position == 0 else { return }
        XCTAssertFalse(row.showsAvatar, "a damaged photo was shown")
        XCTAssertTrue(row.expectsAvatar, "the entry has a photo attribute")
        XCTAssertEqual(row.avatar.placeholderText.count, 2, "the initials show")
      }
    }
  }

  func testARefreshAnsweredAfterTheWindowClosedReachesNothing() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      let server = try XCTUnwrap(window.server)
      XCTAssertTrue(window.refresh())
      window.close()
      XCTAssertFalse(server.isLoading, "closing the window did not cancel the refresh")
      // The server's answer, had it been kept, would scroll the destroyed list.
      MainContext.run(for: .milliseconds(500))
    }
  }

  func testAServerThatGoesAwayLeavesTheRowsWithAToastThenABanner() throws {
    try MainActor.assumeIsolated {
      let window = try Self.openWindow()
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let server = try XCTUnwrap(Self.server)
      let shown = page.model[0]?.identity
      server.server.stop()
      defer { try? server.server.restart() }
      // The first failed refresh is a toast; the second in a row the banner.
      XCTAssertTrue(window.refresh())
      XCTAssertTrue(
        MainContext.run(until: { window.isFailureToastShown }, timeout: .seconds(20)),
        "no toast when the refresh failed")
      XCTAssertNil(window.bannerMessage)
      XCTAssertTrue(window.refresh())
      XCTAssertTrue(
        MainContext.run(until: { window.bannerMessage != nil }, timeout: .seconds(20)),
        "no banner while the server is down")
      XCTAssertEqual(window.state, .list, "the rows stay")
      XCTAssertEqual(page.model[0]?.identity, shown)
      try server.server.restart()
      XCTAssertTrue(window.refresh())
      XCTAssertTrue(
        MainContext.run(until: { window.bannerMessage == nil }, timeout: .seconds(20)),
        "the banner stayed after the server came back")
    }
  }
}

/// Runs `body` to completion from a synchronous test, pumping the main loop.
@MainActor func runBlocking<T: Sendable>(
  _ body: @escaping @Sendable () async throws -> T
) throws -> T {
  let box = ResultBox<T>()
  Task.detached {
    do { box.set(.success(try await body())) } catch { box.set(.failure(error)) }
  }
  MainContext.run(until: { box.value != nil }, timeout: .seconds(20))
  return try XCTUnwrap(box.value).get()
}

/// A result handed from a background task to the test's thread.
///
/// Threading: `Sendable`; a lock guards the value.
final class ResultBox<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Result<T, any Error>?

  var value: Result<T, any Error>? { lock.withLock { stored } }

  func set(_ result: Result<T, any Error>) { lock.withLock { stored = result } }
}
