import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// The window on a slapd that offers Content Sync (syncprov, started by
/// the test): the first time it reads the server while the offline copy
/// fills, then the copy's page takes over in the same order; the server's
/// adds, changes, renames and deletes reach the rows in place; a later
/// start opens the copy at once, and without the server it shows the copy
/// with the offline banner.
final class OfflineCopyWindowTests: XCTestCase {
  /// The server, its people and the copy's folder of one test.
  private struct Setting: @unchecked Sendable {
    let server: TestServer
    let people: [LDIFPerson]
    let folder: URL
    let base = "ou=people,\(TestServer.suffix)"

    /// How many entries the server's people URL finds (the people and
    /// the demo's own two).
    @MainActor var count: Int {
      get throws {
        let directory = try LDAPDirectory(url: server.peopleURL)
        return try runBlocking { try await directory.rows(0..<1).count }
      }
    }
  }

  nonisolated(unsafe) private var setting: Setting!

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
    let people = TestPeople.people(count: 40, seed: 83)
    setting = Setting(
      server: try TestServer(people: people) { $0.contentSync = true }, people: people,
      folder: FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-offline-copy-\(UUID().uuidString)"))
  }

  override func tearDown() {
    setting?.server.shutDown()
    if let folder = setting?.folder { try? FileManager.default.removeItem(at: folder) }
    super.tearDown()
  }

  /// A window on `url` whose copy lives in `folder`, presented and opening.
  @MainActor private static func openWindow(url: String, folder: URL) throws -> MainWindow {
    let copy = OfflineCopy(
      directory: try LDAPDirectory(url: url), folder: folder,
      backoff: .milliseconds(50)...Duration.milliseconds(200))
    let window = MainWindow(
      application: nil, content: .copy(copy), pipeline: nil, probe: RowProbe())
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    return window
  }

  /// The usernames the copy's page holds, in its order.
  @MainActor private static func usernames(_ page: LoadedReader) -> [String] {
    page.model.elements.map(\.username)
  }

  /// The usernames of the page's people sorted by username, as a sort in
  /// the user's locale orders them.
  @MainActor private static func sortedUsernames(_ page: LoadedReader) -> [String] {
    guard let table = page.model.elements.first?.table,
      let positions = table.sortedPositions(
        by: PersonSort([.init(.username)]), within: page.model.elements.map(\.index))
    else { return [] }
    return positions.map { table.username(at: $0) }
  }

  /// Waits until `window` shows the copy with `count` people, loaded and sorted.
  @MainActor private static func waitForCopy(
    _ window: MainWindow, count: Int, file: StaticString = #filePath, line: UInt = #line
  ) throws -> LoadedReader {
    let shown = MainContext.run(
      until: {
        guard let page = window.peoplePage.loadedReader else { return false }
        return page.count == count && !page.isLoading && !page.isSorting
      }, timeout: .seconds(20))
    XCTAssertTrue(shown, "the copy did not take over", file: file, line: line)
    return try XCTUnwrap(window.peoplePage.loadedReader, file: file, line: line)
  }

  func testTheFirstStartReadsTheServerThenTheCopyTakesOverInTheSameOrder() throws {
    let setting = setting!
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      defer { window.close() }
      XCTAssertNotNil(window.serverPage, "without a copy the server is read a window at a time")
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }, timeout: .seconds(20)))
      let serverOrder = try ServerTestCase.usernames(
        try LDAPDirectory(url: setting.server.peopleURL), count: try setting.count)
      let page = try Self.waitForCopy(window, count: try setting.count)
      // The server's order by username; the copy sorts it in the user's locale.
      XCTAssertEqual(page.order.sort, PersonSort([.init(.username)]))
      XCTAssertEqual(Self.usernames(page), Self.sortedUsernames(page))
      XCTAssertEqual(Set(Self.usernames(page)), Set(serverOrder))
      XCTAssertTrue(MainContext.run(until: { window.hasVisibleRows }, timeout: .seconds(10)))
      XCTAssertFalse(window.subtitle.contains("offline copy"), window.subtitle)

      // The person a server's page had selected is found again by username
      // (the copy names people by entryUUID, the server's page by DN).
      let wanted = setting.people[7].uid
      page.select(username: "nobody-has-this-name")
      page.select(username: wanted)
      XCTAssertTrue(
        MainContext.run(until: { page.selectedPosition != nil }, timeout: .seconds(10)))
      XCTAssertEqual(page.selectedPosition.map { page.model[$0].username }, wanted)
    }

    // The copy is private: the folder 0700, its files 0600.
    var status = stat()
    XCTAssertEqual(stat(setting.folder.path, &status), 0)
    XCTAssertEqual(status.st_mode & 0o777, 0o700)
    let names = try FileManager.default.contentsOfDirectory(atPath: setting.folder.path)
    XCTAssertFalse(names.isEmpty)
    for name in names {
      XCTAssertEqual(stat(setting.folder.appendingPathComponent(name).path, &status), 0)
      XCTAssertEqual(status.st_mode & 0o777, 0o600, name)
    }
  }

  func testTheServersChangesReachTheRowsInPlace() throws {
    let setting = setting!
    let people = setting.people
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      defer { window.close() }
      let count = try setting.count
      let page = try Self.waitForCopy(window, count: count)
      // Refresh pressed again and again: each sync waits for the last to
      // let go of the copy before it opens it.
      for _ in 0..<3 { XCTAssertTrue(window.refresh()) }
      // The change is made once the last of them has read the server and
      // the page shows what it read: made earlier, it could reach the page
      // from a sync stopped meanwhile, and the last one's opening of the
      // copy (nobody changed) would be the refresh counted below.
      let copy = try XCTUnwrap(window.offlineCopy.copy)
      XCTAssertTrue(
        MainContext.run(
          until: {
            guard case .current? = copy.status else { return false }
            return !page.isSorting
          }, timeout: .seconds(20)), "the last sync did not become current")
      let version = page.presenter.version
      try setting.server.server.modify(
        ldif: """
          dn: uid=\(people[2].uid),\(setting.base)
          changetype: modify
          replace: title
          title: Head of Offline Copies

          """)
      XCTAssertTrue(
        MainContext.run(
          until: {
            page.model.elements.contains {
              $0.username == people[2].uid && $0.details.title == "Head of Offline Copies"
            }
          }, timeout: .seconds(10)), "a changed title reaches its row")
      XCTAssertEqual(page.count, count)
      XCTAssertEqual(page.lastRefresh?.changedPeople, 1, "only the changed person is replaced")
      // A change indexes nobody for a search until one is typed.
      XCTAssertFalse(page.isSearchIndexBuilt)

      try setting.server.server.modify(
        ldif: """
          dn: uid=aaron.added,\(setting.base)
          changetype: add
          objectClass: inetOrgPerson
          uid: aaron.added
          cn: Aaron Added
          sn: Added

          dn: uid=\(people[5].uid),\(setting.base)
          changetype: delete

          dn: uid=\(people[7].uid),\(setting.base)
          changetype: modrdn
          newrdn: uid=renamed.person
          deleteoldrdn: 1

          """)
      XCTAssertTrue(
        MainContext.run(
          until: {
            let names = Set(Self.usernames(page))
            return names.contains("aaron.added") && !names.contains(people[5].uid)
              && names.contains("renamed.person") && !names.contains(people[7].uid)
          }, timeout: .seconds(10)), "\(Self.usernames(page))")
      XCTAssertEqual(page.count, count)
      XCTAssertGreaterThan(page.presenter.version, version)
      // Typed, a search indexes the copy as it is now.
      page.search("aaron.added")
      XCTAssertTrue(
        MainContext.run(until: { Self.usernames(page) == ["aaron.added"] }, timeout: .seconds(10)),
        "\(Self.usernames(page).prefix(5))")
      XCTAssertTrue(page.isSearchIndexBuilt)
      XCTAssertTrue(
        window.peoplePage.loadedReader === page, "the page stays: changes are differences")
      XCTAssertEqual(Self.usernames(page), Self.sortedUsernames(page), "sorted in by username")
    }
  }

  func testARefreshTheServerRequiresIsShownAsSuch() throws {
    let setting = setting!
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      defer { window.close() }
      let page = try Self.waitForCopy(window, count: try setting.count)
      XCTAssertTrue(MainContext.run(until: { !page.isLoading }, timeout: .seconds(10)))
      let copy = try XCTUnwrap(window.offlineCopy.copy)
      // What the copy says when the server answers e-syncRefreshRequired.
      copy.onStatus?(.reloading)
      XCTAssertTrue(window.subtitle.hasSuffix("refreshing the offline copy"), window.subtitle)
      copy.onStatus?(.filling(count: 20_000))
      XCTAssertTrue(
        window.subtitle.hasSuffix("refreshing the offline copy: 20,000"), window.subtitle)
      copy.onStatus?(.current(received: 20_000))
      copy.onStatus?(.filling(count: 10_000))
      XCTAssertTrue(window.subtitle.hasSuffix("making an offline copy: 10,000"), window.subtitle)
    }
  }

  func testAPersonsPageFollowsTheirChangesOnTheServer() throws {
    let setting = setting!
    let people = setting.people
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      defer { window.close() }
      let page = try Self.waitForCopy(window, count: try setting.count)
      let position = try XCTUnwrap(Self.usernames(page).firstIndex(of: people[4].uid))
      window.openPerson(at: position)
      XCTAssertTrue(MainContext.run(until: { window.shownPersonPage != nil }, timeout: .seconds(5)))
      let personPage = try XCTUnwrap(window.shownPersonPage)
      XCTAssertEqual(personPage.person?.username, people[4].uid)
      let shown = try XCTUnwrap(personPage.facts)
      // Someone else changes: the page stays as it is. (Nothing else
      // reaches the list meanwhile: it follows the change as a patch.)
      let checks = window.shownPersonChecks
      let followed = page.followedPatches
      try setting.server.server.modify(
        ldif: """
          dn: uid=\(people[6].uid),\(setting.base)
          changetype: modify
          replace: title
          title: Someone Else's Title

          """)
      XCTAssertTrue(
        MainContext.run(until: { window.shownPersonChecks > checks }, timeout: .seconds(10)))
      XCTAssertTrue(personPage.facts?.showsSame(as: shown) ?? false)
      XCTAssertTrue(MainContext.run(until: { !page.isSorting }, timeout: .seconds(10)))
      XCTAssertEqual(
        page.followedPatches, followed + 1, "placed alone, not sorted and diffed whole")
      // They change: the page shows them as they are now, and stays theirs.
      try setting.server.server.modify(
        ldif: """
          dn: uid=\(people[4].uid),\(setting.base)
          changetype: modify
          replace: title
          title: Keeper of the Person Page

          """)
      XCTAssertTrue(
        MainContext.run(
          until: { personPage.person?.details.title == "Keeper of the Person Page" },
          timeout: .seconds(10)), "the person's page did not follow their change")
      XCTAssertTrue(window.shownPersonPage === personPage)
      XCTAssertEqual(personPage.person?.username, people[4].uid)
    }
  }

  func testALaterStartOpensTheCopyAtOnceAndWithoutTheServerSaysItIsOffline() throws {
    let setting = setting!
    try MainActor.assumeIsolated {
      let count = try setting.count
      let first = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      _ = try Self.waitForCopy(first, count: count)
      first.close()

      let again = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      XCTAssertNotNil(again.peoplePage.loadedReader, "a complete copy opens at once")
      let reopened = try Self.waitForCopy(again, count: count)
      // In the order the first start showed: by username, as the copy kept it.
      XCTAssertEqual(reopened.order.sort, PersonSort([.init(.username)]))
      XCTAssertEqual(Self.usernames(reopened), Self.sortedUsernames(reopened))
      again.close()

      setting.server.server.stop()
      let offline = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      defer { offline.close() }
      let page = try Self.waitForCopy(offline, count: count)
      XCTAssertTrue(
        MainContext.run(until: { offline.bannerMessage != nil }, timeout: .seconds(10)))
      let message = try XCTUnwrap(offline.bannerMessage)
      XCTAssertTrue(message.hasPrefix("Offline · last synced "), message)
      XCTAssertEqual(page.count, count, "the copy is browsed")
      XCTAssertTrue(MainContext.run(until: { offline.hasVisibleRows }, timeout: .seconds(10)))
      WindowTestSupport.waitUntilStill(offline)
      let screenshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/offline.png").standardizedFileURL.path
      try Screenshot.save(offline.window, to: screenshot)

      try setting.server.server.start()
      XCTAssertTrue(
        MainContext.run(until: { offline.bannerMessage == nil }, timeout: .seconds(10)),
        "the banner goes when the server is back")
    }
  }

  /// A second window on a copy another holds (here a window of the same
  /// process; ``ReplicaStoreLockTests`` has a second process) leaves the
  /// copy alone: it reads the server directly and says why, and the first
  /// goes on with the copy.
  func testASecondWindowOnACopyInUseReadsTheServerAndSaysSo() throws {
    let setting = setting!
    try MainActor.assumeIsolated {
      let count = try setting.count
      let first = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      defer { first.close() }
      let page = try Self.waitForCopy(first, count: count)
      XCTAssertTrue(
        MainContext.run(
          until: { first.offlineCopy.copy?.status == .current(received: count) },
          timeout: .seconds(20)))
      let second = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      defer { second.close() }
      XCTAssertNotNil(second.serverPage, "the server, read a window at a time")
      XCTAssertTrue(
        MainContext.run(
          until: { second.hasVisibleRows && second.page.people.count == count },
          timeout: .seconds(20)))
      XCTAssertTrue(
        second.subtitle.hasSuffix("the offline copy is in use by another Roster window or process"),
        second.subtitle)
      XCTAssertEqual(second.offlineCopy.copy?.isInUseElsewhere, true)
      XCTAssertNil(second.offlineCopy.copy?.status, "its copy never started")
      // The first is untouched: its copy runs, its people and files stay.
      XCTAssertTrue(first.peoplePage.loadedReader === page)
      XCTAssertEqual(page.count, count)
      XCTAssertNil(first.offlineCopy.copy?.failure)
      XCTAssertEqual(first.offlineCopy.copy?.status, .current(received: count))
      XCTAssertTrue(ReplicaStore.holdsCopy(folder: setting.folder))
    }
  }

  /// A later start hands over the copy as of its fold at once; its log's
  /// changes and the server wait until the window shows its first rows
  /// (they would share the two cores with the first frame).
  func testALaterStartCatchesUpAndAsksTheServerOnlyOnceItsFirstRowsShow() throws {
    let setting = setting!
    let people = setting.people
    try MainActor.assumeIsolated {
      let count = try setting.count
      let first = try Self.openWindow(url: setting.server.peopleURL, folder: setting.folder)
      let page = try Self.waitForCopy(first, count: count)
      try setting.server.server.modify(
        ldif: """
          dn: uid=\(people[3].uid),\(setting.base)
          changetype: modify
          replace: title
          title: Logged Not Folded

          """)
      XCTAssertTrue(
        MainContext.run(
          until: { page.model.elements.contains { $0.details.title == "Logged Not Folded" } },
          timeout: .seconds(10)), "the change reached the copy's log")
      first.close()

      let copy = OfflineCopy(
        directory: try LDAPDirectory(url: setting.server.peopleURL), folder: setting.folder,
        shownWait: .seconds(3600))
      var delivered: [DirectoryContents] = []
      copy.onPeople = { delivered.append($0) }
      copy.start()
      defer { copy.stop() }
      XCTAssertTrue(MainContext.run(until: { !delivered.isEmpty }, timeout: .seconds(10)))
      // Nothing can open the gate but the rows: a catch-up or an answer
      // from the server in this time would be one that did not wait.
      MainContext.run(for: .milliseconds(300))
      XCTAssertEqual(delivered.count, 1, "the log was caught up before the rows showed")
      XCTAssertNil(copy.status, "the server was asked before the rows showed")
      func logged(_ contents: DirectoryContents?) -> Bool {
        guard let table = contents?.viewModels else { return false }
        return (0..<table.userCount).contains { table.details(at: $0).title == "Logged Not Folded" }
      }
      XCTAssertFalse(logged(delivered[0]), "the first people are the copy's as of its fold")

      copy.rowsShown()
      XCTAssertTrue(
        MainContext.run(
          until: {
            guard case .current? = copy.status else { return false }
            return logged(delivered.last)
          }, timeout: .seconds(10)), "the catch-up and the sync followed the rows")
    }
  }

  func testACopyTheServersSizeLimitKeepsFromContentSyncIsReadPageByPage() throws {
    // 600 people, a soft limit of 500 that holds for Content Sync too, not
    // for Paged Results.
    let people = TestPeople.people(count: 600, seed: 29)
    let limited = try TestServer(people: people) {
      $0.contentSync = true
      $0.contentSyncHonoursSizeLimit = true
    }
    defer { limited.shutDown() }
    let folder = setting.folder
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: limited.peopleURL, folder: folder)
      defer { window.close() }
      let page = try Self.waitForCopy(window, count: people.count)
      XCTAssertEqual(Set(Self.usernames(page)), Set(people.map(\.uid)))
      XCTAssertFalse(window.subtitle.contains("offline copy"), window.subtitle)
    }
    XCTAssertTrue(ReplicaStore.holdsCopy(folder: folder))
  }

  func testACopyTheServersSizeLimitCutsShortIsSaidAndTheServerIsRead() throws {
    // 600 people, a soft limit of 500 that holds for Content Sync and for
    // Paged Results.
    let people = TestPeople.people(count: 600, seed: 29)
    let limited = try TestServer(people: people) {
      $0.contentSync = true
      $0.contentSyncHonoursSizeLimit = true
      $0.pagedResultsHonourSizeLimit = true
    }
    defer { limited.shutDown() }
    let folder = setting.folder
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: limited.peopleURL, folder: folder)
      defer { window.close() }
      let said = "no offline copy: the server gives a reader at most 500 people in one search"
      XCTAssertTrue(
        MainContext.run(until: { window.subtitle.contains(said) }, timeout: .seconds(30)),
        window.subtitle)
      XCTAssertNotNil(window.serverPage, "the server is read a window at a time")
      XCTAssertTrue(
        MainContext.run(
          until: { window.hasVisibleRows && !window.isLoading }, timeout: .seconds(20)))
    }
    XCTAssertFalse(ReplicaStore.holdsCopy(folder: folder))
  }

  func testWithoutContentSyncTheServerIsReadAsBefore() throws {
    let setting = setting!
    let plain = try TestServer(people: setting.people)
    defer { plain.shutDown() }
    try MainActor.assumeIsolated {
      let window = try Self.openWindow(url: plain.peopleURL, folder: setting.folder)
      defer { window.close() }
      XCTAssertTrue(
        MainContext.run(
          until: { window.hasVisibleRows && !window.isLoading }, timeout: .seconds(20)))
      MainContext.run(for: .milliseconds(300))
      XCTAssertNotNil(window.serverPage)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: setting.folder.path), "no copy is made")
  }

  func testForgettingADirectoryDeletesItsCopyAndFirstScreen() throws {
    let setting = setting!
    let settings = FileManager.default.temporaryDirectory.appendingPathComponent(
      "roster-forget-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: settings) }
    var directory = RememberedDirectory(kind: .ldap, location: setting.server.server.url)
    directory.baseDN = setting.base
    var remembered = WindowSettings()
    remembered.directories = [directory]
    try remembered.save(to: settings)
    guard case .server(let opened) = try OpenedDirectory(directory, secret: nil),
      let ldap = opened as? LDAPDirectory
    else { return XCTFail("an LDAP directory opens as a server") }
    let copyFolder = try XCTUnwrap(OfflineCopyFolder.folder(for: ldap, cacheRoot: setting.folder))
    try FileManager.default.createDirectory(at: copyFolder, withIntermediateDirectories: true)
    XCTAssertTrue(
      FileManager.default.createFile(
        atPath: copyFolder.appendingPathComponent("state-1").path, contents: Data()))
    let screen = try XCTUnwrap(FirstScreenFile(for: ldap, cacheRoot: setting.folder))
    let person = UserViewModel(user: User(id: "1", username: "kept", avatar: "", role: .user))
    try screen.write(FirstScreen(people: [person], count: 1))
    XCTAssertNotNil(screen.read())
    MainActor.assumeIsolated {
      let connections = DirectoryConnections(settingsFile: settings)
      connections.copiesRoot = setting.folder
      XCTAssertEqual(connections.remembered.map(\.id), [directory.id])
      _ = connections.forget(directory.id)
      XCTAssertTrue(
        MainContext.run(
          until: {
            !FileManager.default.fileExists(atPath: copyFolder.path) && screen.read() == nil
          }, timeout: .seconds(10)), "the copy and the cached first screen go")
    }
  }
}
