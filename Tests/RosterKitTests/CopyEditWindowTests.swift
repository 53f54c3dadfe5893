import CGtk
import Directory
import DirectoryLDAP
import Foundation
import GtkKit
import TestSupport
import XCTest

@testable import RosterKit

/// Edit on a person's page while the window shows a server's offline copy
/// (slapd with Content Sync): the change goes to the server with the values
/// seen, and the copy's sync brings it to the page and the rows, as it
/// brings anyone's; on the server's own page, the rows are read again.
/// Each prints how long from Save until the row shows the change.
final class CopyEditWindowTests: XCTestCase {
  nonisolated(unsafe) private var server: TestServer!
  private var folder: TemporaryDirectory!

  override func setUpWithError() throws {
    try super.setUpWithError()
    try MainActor.assumeIsolated { try WindowTestSupport.setUp() }
    server = try EditingPeople.server(editors: false, contentSync: true)
    folder = try TemporaryDirectory()
  }

  override func tearDown() {
    server?.shutDown()
    folder = nil
    super.tearDown()
  }

  func testAChangeSavedOnACopysPageReachesThePageAndTheRows() throws {
    let (server, base) = (server!, folder!.folder)
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: EditingPeople.dn("ada"), password: Secret(EditingPeople.password(of: "ada")))
      options.changeLog = LDAPChangeLog(
        path: base.appendingPathComponent("changes.ldif").path)
      let copy = OfflineCopy(
        directory: try LDAPDirectory(url: server.peopleURL, options: options),
        folder: base.appendingPathComponent("copy"),
        backoff: .milliseconds(50)...Duration.milliseconds(200))
      let window = MainWindow(
        application: nil, content: .copy(copy), pipeline: nil, probe: RowProbe())
      defer { window.close() }
      gtk_window_set_default_size(cgtk_window(window.window), 480, 800)
      window.present()
      window.refresh()
      XCTAssertTrue(
        MainContext.run(
          until: {
            guard let page = window.peoplePage.loadedReader else { return false }
            return page.count == EditingPeople.people.count && !page.isLoading && !page.isSorting
          }, timeout: .seconds(20)), "the copy did not take over")
      let page = try XCTUnwrap(window.peoplePage.loadedReader)
      let position = try XCTUnwrap(page.model.elements.firstIndex { $0.username == "ada" })
      let person = try XCTUnwrap(window.openPersonPage(at: position))
      let editor = person.editor
      XCTAssertNotEqual(gtk_widget_get_visible(editor.editButton), 0, "a copy's person has Edit")

      try SaveTimes.measure(
        person, phone: { "+44 20 7946 \(1000 + $0)" },
        rowPhone: { page.model.elements.first { $0.username == "ada" }?.details.phone },
        named: "the copy's row")
      XCTAssertEqual(editor.errorText, "")
      XCTAssertEqual(
        try EditingPeople.texts("telephoneNumber", of: "ada", on: server), ["+44 20 7946 1019"])
    }
  }

  func testAChangeSavedOnAServersPageReachesThePageAndTheRows() throws {
    let (server, base) = (server!, folder!.folder)
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: EditingPeople.dn("ada"), password: Secret(EditingPeople.password(of: "ada")))
      options.changeLog = LDAPChangeLog(path: base.appendingPathComponent("changes.ldif").path)
      let window = try ServerTestCase.openWindow(
        directory: try LDAPDirectory(url: server.peopleURL, options: options))
      defer { window.close() }
      let page = try XCTUnwrap(window.server)
      let usernames = ServerTestCase.firstRows(page, count: EditingPeople.people.count)
      let position = try XCTUnwrap(usernames.firstIndex(of: "ada"))
      let person = try XCTUnwrap(window.openPersonPage(at: position))
      try SaveTimes.measure(
        person, phone: { "+44 20 7946 \(2000 + $0)" },
        rowPhone: { page.person(at: position)?.details.phone }, named: "the server's row")
    }
  }

  func testAnotherWindowOnTheServerFollowsAChangeSavedInOne() throws {
    let (server, base) = (server!, folder!.folder)
    try MainActor.assumeIsolated {
      var options = LDAPOptions(
        bindDN: EditingPeople.dn("ada"), password: Secret(EditingPeople.password(of: "ada")))
      options.changeLog = LDAPChangeLog(path: base.appendingPathComponent("changes.ldif").path)
      let editing = try ServerTestCase.openWindow(
        directory: try LDAPDirectory(url: server.peopleURL, options: options))
      defer { editing.close() }
      // The other window reads the same server as someone else (anonymously).
      let other = try ServerTestCase.openWindow(directory: try LDAPDirectory(url: server.peopleURL))
      defer { other.close() }
      let (page, otherPage) = (try XCTUnwrap(editing.server), try XCTUnwrap(other.server))
      let position = try XCTUnwrap(
        ServerTestCase.firstRows(page, count: EditingPeople.people.count).firstIndex(of: "ada"))
      let otherPosition = try XCTUnwrap(
        ServerTestCase.firstRows(otherPage, count: EditingPeople.people.count)
          .firstIndex(of: "ada"))
      let person = try XCTUnwrap(editing.openPersonPage(at: position))
      try SaveTimes.measure(
        person, rounds: 1, phone: { _ in "+44 20 7946 5555" },
        rowPhone: { page.person(at: position)?.details.phone }, named: "the editing window's row")
      XCTAssertTrue(
        MainContext.run(
          until: { otherPage.person(at: otherPosition)?.details.phone == "+44 20 7946 5555" },
          timeout: .seconds(20)), "the other window still shows the number before")
    }
  }
}
