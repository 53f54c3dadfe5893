import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import LDAPDemo
import TestSupport
import XCTest

@testable import RosterKit

/// What an offline copy saw change, in the window on a real slapd
/// (syncprov): a person's page shows their own history, and "Changes…"
/// lists everyone's newest first, searched by what is typed, a line
/// opening its person; a file's people keep no history, and a toast says so.
final class ChangeHistoryWindowTests: XCTestCase {
  /// The server, its people and the copy's folder of one test.
  private struct Setting: @unchecked Sendable {
    let server: TestServer
    let people: [LDIFPerson]
    let folder: URL
    let base = "ou=people,\(TestServer.suffix)"
  }

  nonisolated(unsafe) private var setting: Setting!

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
    let people = TestPeople.people(count: 30, seed: 17)
    setting = Setting(
      server: try TestServer(people: people) { $0.contentSync = true }, people: people,
      folder: FileManager.default.temporaryDirectory.appendingPathComponent(
        "roster-history-window-\(UUID().uuidString)"))
  }

  override func tearDown() {
    setting?.server.shutDown()
    if let folder = setting?.folder { try? FileManager.default.removeItem(at: folder) }
    super.tearDown()
  }

  /// A window on the server's copy in the test's folder, once the copy
  /// shows, read anonymously or signed in with `options`.
  @MainActor private static func openCopy(_ setting: Setting, options: LDAPOptions = LDAPOptions())
    throws -> (MainWindow, LoadedReader)
  {
    let (server, folder) = (setting.server, setting.folder)
    let copy = OfflineCopy(
      directory: try LDAPDirectory(url: server.peopleURL, options: options), folder: folder,
      backoff: .milliseconds(50)...Duration.milliseconds(200))
    let window = MainWindow(
      application: nil, content: .copy(copy), pipeline: nil, probe: RowProbe())
    gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
    window.present()
    window.refresh()
    let shown = MainContext.run(
      until: {
        guard let page = window.peoplePage.loadedReader else { return false }
        return page.count > 0 && !page.isLoading && !page.isSorting
      }, timeout: .seconds(20))
    XCTAssertTrue(shown, "the copy did not take over")
    return (window, try XCTUnwrap(window.peoplePage.loadedReader))
  }

  /// Chooses "Changes…" in `window` and returns the window it opens, once
  /// open: whose teams it offers is worked out off the main thread first.
  @MainActor private static func openChanges(in window: MainWindow) throws -> ChangesWindow {
    let before = ChangesWindow.shown.count
    XCTAssertTrue(window.activate(.changes))
    XCTAssertTrue(
      MainContext.run(until: { ChangesWindow.shown.count > before }, timeout: .seconds(10)),
      "the Changes window did not open")
    return try XCTUnwrap(ChangesWindow.shown.last)
  }

  /// Changes `person`'s title on the server and waits until the copy's
  /// history holds `count` changes.
  @MainActor private static func retitle(
    _ person: LDIFPerson, _ title: String, count: Int, in setting: Setting
  ) {
    let (server, base, folder) = (setting.server, setting.base, setting.folder)
    XCTAssertNoThrow(
      try server.server.modify(
        ldif: """
          dn: uid=\(person.uid),\(base)
          changetype: modify
          replace: title
          title: \(title)

          """))
    let kept = MainContext.run(
      until: { ((try? ChangeHistory.changes(in: folder)) ?? nil)?.count == count },
      timeout: .seconds(20))
    XCTAssertTrue(kept, "the history did not keep the change")
  }

  func testAPersonsPageShowsTheirOwnHistoryNewestFirst() throws {
    let setting = setting!
    let people = setting.people
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openCopy(setting)
      defer { window.close() }
      let (person, other) = (people[6], people[11])
      let first = person.title ?? ""
      Self.retitle(person, "Team Lead", count: 1, in: setting)
      Self.retitle(other, "Someone Else", count: 2, in: setting)
      Self.retitle(person, "Director", count: 3, in: setting)
      let today = ClockText.day(Date())

      let position = try XCTUnwrap(page.model.elements.firstIndex { $0.username == person.uid })
      window.openPerson(at: position)
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.historyTexts.count == 2 }, timeout: .seconds(10)),
        "\(window.shownPersonPage?.historyTexts ?? [])")
      XCTAssertEqual(
        window.shownPersonPage?.historyTexts,
        [
          "Title: Team Lead → Director, \(today)", "Title: \(first) → Team Lead, \(today)",
        ])

      // A change while the page shows them joins their history there.
      Self.retitle(person, "Managing Director", count: 4, in: setting)
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.historyTexts.count == 3 }, timeout: .seconds(10)),
        "\(window.shownPersonPage?.historyTexts ?? [])")
      XCTAssertEqual(
        window.shownPersonPage?.historyTexts.first, "Title: Director → Managing Director, \(today)")

      // Someone without changes shows no history.
      let quiet = try XCTUnwrap(page.model.elements.firstIndex { $0.username == people[2].uid })
      window.openPerson(at: quiet)
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.person?.username == people[2].uid },
          timeout: .seconds(10)))
      XCTAssertEqual(window.shownPersonPage?.historyTexts, [])
    }
  }

  func testChangesListsEveryonesChangesSearchedAndALineOpensItsPerson() throws {
    let setting = setting!
    let (people, folder, server, base) = (
      setting.people, setting.folder, setting.server, setting.base
    )
    try MainActor.assumeIsolated {
      let (window, _) = try Self.openCopy(setting)
      defer { window.close() }
      let (promoted, leaver) = (people[4], people[21])
      Self.retitle(promoted, "Chief Cartographer", count: 1, in: setting)
      XCTAssertNoThrow(
        try server.server.modify(ldif: "dn: uid=\(leaver.uid),\(base)\nchangetype: delete\n\n"))
      XCTAssertTrue(
        MainContext.run(
          until: { ((try? ChangeHistory.changes(in: folder)) ?? nil)?.count == 2 },
          timeout: .seconds(20)))

      let changes = try Self.openChanges(in: window)
      defer { changes.close() }
      XCTAssertTrue(
        MainContext.run(until: { changes.shownPage == "lines" }, timeout: .seconds(10)))
      XCTAssertEqual(changes.subtitle, "2 changes")
      XCTAssertTrue(MainContext.run(until: { changes.shownLines.count == 2 }, timeout: .seconds(5)))
      let today = ClockText.day(Date())
      XCTAssertEqual(changes.shownLines[0]?.first, "Left")
      XCTAssertEqual(changes.shownLines[0]?.last, "Left, \(today)")
      XCTAssertEqual(changes.shownLines[1]?.first, "New title")
      XCTAssertEqual(
        changes.shownLines[1]?.last,
        "Title: \(promoted.title ?? "") → Chief Cartographer, \(today)")
      XCTAssertTrue(changes.shownLines[1]?[1].contains("(\(promoted.uid))") ?? false)
      // The window's picture, .build/screenshots/changes.png (copied into
      // docs/screenshots by hand).
      WindowTestSupport.waitUntilStill(window)
      let shot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/screenshots/changes.png").standardizedFileURL.path
      try Screenshot.save(changes.window, to: shot)

      // Typing narrows the lines to those holding the words.
      gtk_editable_set_text(gtkObject(try XCTUnwrap(changes.searchEntry)), "cartographer")
      XCTAssertTrue(
        MainContext.run(until: { changes.subtitle == "1 change" }, timeout: .seconds(10)))
      XCTAssertEqual(changes.model.count, 1)
      gtk_editable_set_text(gtkObject(try XCTUnwrap(changes.searchEntry)), "nobody has these words")
      XCTAssertTrue(
        MainContext.run(until: { changes.shownPage == "nothing" }, timeout: .seconds(10)))
      gtk_editable_set_text(gtkObject(try XCTUnwrap(changes.searchEntry)), "chief")
      XCTAssertTrue(
        MainContext.run(until: { changes.shownPage == "lines" }, timeout: .seconds(10)))

      // A click on a line (the list's own activation) opens them in the window.
      XCTAssertTrue(MainContext.run(until: { changes.shownLines.count == 1 }, timeout: .seconds(5)))
      gtk_widget_activate_action_variant(
        changes.listView, "list.activate-item", g_variant_new_uint32(0))
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.person?.username == promoted.uid },
          timeout: .seconds(10)), "the person did not open")
    }
  }

  func testAFilesPeopleKeepNoHistoryAndAToastSaysSo() throws {
    try MainActor.assumeIsolated {
      let (window, _) = try WindowTestSupport.open(#"{"people": [{"username": "ceo"}]}"#)
      defer { window.close() }
      let before = ChangesWindow.shown.count
      XCTAssertTrue(window.activate(.changes))
      XCTAssertEqual(ChangesWindow.shown.count, before, "no window without a copy")
      XCTAssertEqual(window.lastToast, "Changes are kept for a directory server’s offline copy")
    }
  }

  func testChangesShowsAManagersTeamOrEveryoneUnderThem() throws {
    let setting = setting!
    let people = setting.people
    try MainActor.assumeIsolated {
      let (window, page) = try Self.openCopy(setting)
      defer { window.close() }
      // people[0] leads 1–4; people[1] leads 5–8; people[2] leads 9–12
      // (TestPeople.teamSize).
      Self.retitle(people[5], "Under One", count: 1, in: setting)
      Self.retitle(people[2], "Reports To Zero", count: 2, in: setting)
      Self.retitle(people[9], "Under Two", count: 3, in: setting)
      Self.retitle(people[0], "The Top", count: 4, in: setting)

      /// The titles the Changes window lists for choice `choice`, once
      /// `count` show, after opening it from the page of `manager`.
      @MainActor func titles(from manager: LDIFPerson, choice: Int, count: Int) throws -> [String] {
        let position = try XCTUnwrap(
          page.model.elements.firstIndex { $0.username == manager.uid })
        window.openPerson(at: position)
        XCTAssertTrue(
          MainContext.run(
            until: { window.shownPersonPage?.person?.username == manager.uid },
            timeout: .seconds(10)))
        let changes = try Self.openChanges(in: window)
        defer { changes.close() }
        XCTAssertNotNil(changes.choiceMenu, "a manager's page offers their team")
        XCTAssertTrue(
          MainContext.run(until: { changes.subtitle == "4 changes" }, timeout: .seconds(10)))
        changes.choose(choice)
        XCTAssertTrue(
          MainContext.run(
            until: { changes.model.count == count && changes.shownLines.count == count },
            timeout: .seconds(10)), "\(changes.model.count) changes for choice \(choice)")
        return (0..<count).compactMap { changes.shownLines[$0]?.last }
          .map { String($0.split(separator: "→").last ?? "").trimmingCharacters(in: .whitespaces) }
      }

      let today = ClockText.day(Date())
      XCTAssertEqual(try titles(from: people[1], choice: 1, count: 1), ["Under One, \(today)"])
      XCTAssertEqual(
        try titles(from: people[0], choice: 1, count: 1), ["Reports To Zero, \(today)"])
      XCTAssertEqual(
        try titles(from: people[0], choice: 2, count: 3),
        ["Under Two, \(today)", "Reports To Zero, \(today)", "Under One, \(today)"])

      // Someone nobody reports to offers no choice.
      let quiet = try XCTUnwrap(page.model.elements.firstIndex { $0.username == people[29].uid })
      window.openPerson(at: quiet)
      XCTAssertTrue(
        MainContext.run(
          until: { window.shownPersonPage?.person?.username == people[29].uid },
          timeout: .seconds(10)))
      let changes = try Self.openChanges(in: window)
      defer { changes.close() }
      XCTAssertNil(changes.choiceMenu)
    }
  }

  func testMyTeamIsTheTeamOfThePersonSignedIn() throws {
    let setting = setting!
    let people = setting.people
    // people[1] leads 5–8 (TestPeople.teamSize); they sign in with a password.
    let me = people[1]
    let dn = "uid=\(me.uid),\(setting.base)"
    XCTAssertNoThrow(
      try setting.server.server.modify(
        ldif: "dn: \(dn)\nchangetype: modify\nreplace: userPassword\nuserPassword: my-secret\n-\n\n"
      ))
    try MainActor.assumeIsolated {
      let (window, _) = try Self.openCopy(
        setting, options: LDAPOptions(bindDN: dn, password: Secret("my-secret")))
      defer { window.close() }
      XCTAssertTrue(
        MainContext.run(
          until: { window.offlineCopy.copy?.signedInUsername == me.uid }, timeout: .seconds(20)),
        "the server did not say who signed in")
      Self.retitle(people[6], "In My Team", count: 1, in: setting)
      Self.retitle(people[2], "Elsewhere", count: 2, in: setting)
      let changes = try Self.openChanges(in: window)
      defer { changes.close() }
      XCTAssertTrue(
        MainContext.run(until: { changes.subtitle == "2 changes" }, timeout: .seconds(10)))
      changes.choose(1)
      XCTAssertTrue(
        MainContext.run(
          until: { changes.model.count == 1 && changes.shownLines.count == 1 },
          timeout: .seconds(10)), "\(changes.model.count) changes in my team")
      XCTAssertTrue(
        changes.shownLines[0]?.last?.contains("In My Team") ?? false, "\(changes.shownLines)")
    }
  }
}
